import type { z } from 'zod';
import type { envSchema } from '../config-env';

type Env = z.infer<typeof envSchema>;

/** The Cloud API settings (docs/whatsapp.md); null: WhatsApp messages are off. */
export interface WhatsappConfig {
  apiUrl: string;
  token: string;
  phoneNumberId: string;
  appSecret: string;
  verifyToken: string;
  /** Each call gives up after this: below the job lease, the message then becomes 'a conferir'. */
  timeoutMs: number;
  /**
   * Sends per second from one instance: under Meta's 80 per number, with room for a second instance's
   * occasional message (docs/whatsapp.md).
   */
  messagesPerSecond: number;
}

/** On only with all four secrets: a half-configured number would send without hearing back, or the reverse. */
export function whatsappConfigOf(e: Env): Readonly<WhatsappConfig> | null {
  const token = e.WHATSAPP_TOKEN;
  const phoneNumberId = e.WHATSAPP_PHONE_NUMBER_ID;
  const appSecret = e.WHATSAPP_APP_SECRET;
  const verifyToken = e.WHATSAPP_VERIFY_TOKEN;
  if (!token || !phoneNumberId || !appSecret || !verifyToken) return null;
  return Object.freeze({
    apiUrl: e.WHATSAPP_API_URL.replace(/\/$/, ''),
    token,
    phoneNumberId,
    appSecret,
    verifyToken,
    timeoutMs: 15_000,
    messagesPerSecond: 70,
  });
}
