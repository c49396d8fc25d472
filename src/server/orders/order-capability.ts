import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Signed, short-lived proof that the holder may change one order (ADR 026): carried by the create
// answer, the e-mailed links (`#acesso=`) and the lookup, never stored on the server.

/** How long each kind of token works, in seconds (ADR 026). */
export const orderTokenLifetimes = {
  /** The create answer and a write proved by the purchase code: the checkout session. */
  session: 24 * 3600,
  /** The lookup proved e-mail + purchase code. */
  lookup: 24 * 3600,
  /** Links in e-mails: read days later, still short enough that an old e-mail stops working. */
  email: 7 * 24 * 3600,
} as const;

/** 16 bytes of the HMAC-SHA256: 128 bits, as many as a session id. */
const macBytes = 16;

const mac = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(payload).digest().subarray(0, macBytes);

/** `base64url("{orderId}.{expiry epoch seconds}").base64url(mac)`. */
export function signOrderToken(secret: string, orderId: string, expiresAt: Date): string {
  const payload = Buffer.from(`${orderId}.${Math.floor(expiresAt.getTime() / 1000)}`).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** True only for a token this secret signed, for this order, not yet expired. */
export function verifyOrderToken(secret: string, token: string, orderId: string, now: Date): boolean {
  if (token.length > 200) return false;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return false;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const decoded = Buffer.from(payload, 'base64url').toString();
  const dot = decoded.lastIndexOf('.');
  const expiry = Number(decoded.slice(dot + 1));
  return (
    dot > 0 && decoded.slice(0, dot) === orderId && Number.isInteger(expiry) && expiry * 1000 > now.getTime()
  );
}

/** A fresh random secret, for a shop that did not set ORDER_LINK_SECRET. */
export const newOrderLinkSecret = () => randomBytes(32).toString('base64url');

/** Issues and checks tokens with the shop's secret and clock. */
export function createOrderAccess(secret: string, clock: () => Date) {
  return {
    token(orderId: string, lifetimeSeconds: number): string {
      return signOrderToken(secret, orderId, new Date(clock().getTime() + lifetimeSeconds * 1000));
    },
    verify(token: string, orderId: string): boolean {
      return verifyOrderToken(secret, token, orderId, clock());
    },
  };
}

export type OrderAccess = ReturnType<typeof createOrderAccess>;
