import { z } from 'zod';
import { createPacer } from './pacer';
import { templateText } from './template-text';
import type { WhatsappConfig } from './whatsapp-config';

/** What sending one template message came to. */
export type SendOutcome =
  | { kind: 'sent'; wamid: string }
  /** Refused: nothing was sent (131047 outside the 24-hour window, 131026 undeliverable, a bad template…). */
  | { kind: 'refused'; code: number | null; message: string }
  /**
   * Not sent, and Meta asks to try again: a rate limit (130429 / HTTP 429), its own transient failure
   * (2, 131000, 131016, 133004), or a call that never left. The queue's back-off tries it again.
   */
  | { kind: 'retry'; code: number | null; message: string }
  /** Not sent for the number's or the buyer's limits (131048, 131049): tried again a day later. */
  | { kind: 'later'; code: number; message: string }
  /** Timed out or cut off after it left: it may have been sent. Settled by the status webhook. */
  | { kind: 'unknown'; message: string };

/** Meta answered with an error (a wrong token or number id), as opposed to not answering. */
export class CloudApiRefused extends Error {}

export interface TemplateMessage {
  to: string;
  template: string;
  parameters: readonly string[];
  /** Our message row's id: Meta returns it in every status webhook of this message. */
  callbackData: string;
}

export interface CloudApi {
  send(message: TemplateMessage): Promise<SendOutcome>;
  /** GET /{phone-number-id}: the number the token reaches (`npm run doctor`). */
  phoneNumber(): Promise<{ displayPhoneNumber: string; verifiedName: string }>;
}

/** Errors that mean the request never reached Meta: sending again cannot send twice. */
const notSentCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/** Meta's codes for "not sent, try again" (tests/fake-whatsapp/CONTRACT.md: W5 rate limits, W4 transient). */
const retryCodes = new Set([130429, 131056, 80007, 4, 2, 131000, 131016, 133004]);
/** W6: the number's spam limit and the buyer's engagement limit; Meta says to wait, not to give up. */
export const laterCodes: ReadonlySet<number> = new Set([131048, 131049]);

const sentAnswer = z.object({ messages: z.array(z.object({ id: z.string().min(1) })).min(1) });
const errorAnswer = z.object({
  error: z.object({ code: z.coerce.number().int().optional(), message: z.string().default('') }),
});
const phoneAnswer = z.object({ display_phone_number: z.string(), verified_name: z.string().default('') });

/** The WhatsApp Business Cloud API (docs/whatsapp.md): template messages and the number's details. */
export function createCloudApi(config: Readonly<WhatsappConfig>): CloudApi {
  const headers = { authorization: `Bearer ${config.token}`, accept: 'application/json' };
  const pace = createPacer(config.messagesPerSecond);
  return {
    async send(message) {
      await pace();
      let response: Response;
      try {
        response = await fetch(`${config.apiUrl}/${config.phoneNumberId}/messages`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(requestBody(message)),
          signal: AbortSignal.timeout(config.timeoutMs),
        });
      } catch (err) {
        const code = (err as { cause?: { code?: string } }).cause?.code;
        const text = `WhatsApp: ${code ?? (err as Error).name}`;
        return code && notSentCodes.has(code)
          ? { kind: 'retry', code: null, message: text }
          : { kind: 'unknown', message: text };
      }
      const body: unknown = await response.json().catch(() => null);
      return sendOutcomeOf(response.status, body);
    },
    async phoneNumber() {
      const response = await fetch(
        `${config.apiUrl}/${config.phoneNumberId}?fields=display_phone_number,verified_name`,
        { headers, signal: AbortSignal.timeout(config.timeoutMs) },
      );
      const body: unknown = await response.json().catch(() => null);
      const error = errorAnswer.safeParse(body);
      if (!response.ok || error.success)
        throw new CloudApiRefused(error.success ? error.data.error.message : `HTTP ${response.status}`);
      const phone = phoneAnswer.parse(body);
      return { displayPhoneNumber: phone.display_phone_number, verifiedName: phone.verified_name };
    },
  };
}

/** What Meta's answer to a send means (tests/fake-whatsapp/CONTRACT.md, the table under the rules). */
export function sendOutcomeOf(status: number, body: unknown): SendOutcome {
  const sent = sentAnswer.safeParse(body);
  if (status >= 200 && status < 300 && sent.success)
    return { kind: 'sent', wamid: sent.data.messages[0]!.id };
  const error = errorAnswer.safeParse(body);
  const code = error.success ? (error.data.error.code ?? null) : null;
  const text = error.success ? error.data.error.message : `HTTP ${status}`;
  // Meta's code says more than the status (W3): these were not sent, whatever the status.
  if (code !== null && laterCodes.has(code)) return { kind: 'later', code, message: text };
  if (status === 429 || (code !== null && retryCodes.has(code)))
    return { kind: 'retry', code: code ?? 429, message: text };
  // A server error without a code, or an answer we cannot read: it may have been sent.
  if (status >= 500 || !error.success) return { kind: 'unknown', message: text };
  return { kind: 'refused', code, message: text };
}

function requestBody(message: TemplateMessage) {
  return {
    messaging_product: 'whatsapp',
    to: message.to,
    type: 'template',
    biz_opaque_callback_data: message.callbackData,
    template: {
      name: message.template,
      language: { code: 'pt_BR' },
      components: [
        {
          type: 'body',
          parameters: message.parameters.map((text) => ({ type: 'text', text: templateText(text) })),
        },
      ],
    },
  };
}
