import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// One-time codes of the operator's second factor (docs/decisions/027-operator-two-factor-and-lockouts.md):
// HOTP (RFC 4226) and TOTP (RFC 6238) on node:crypto, with the RFC 4648 base32 that authenticator apps
// read. Pure functions: the caller keeps the secret and the last step used.

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding (what otpauth:// URIs carry). */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}

/** Case, spaces, dashes and padding are forgiven (people type secrets by hand); any other character throws. */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export type HotpAlgorithm = 'sha1' | 'sha256' | 'sha512';

/** RFC 4226 §5.3: HMAC of the 8-byte counter, dynamic truncation, the last `digits` decimal digits. */
export function hotp(
  key: Uint8Array,
  counter: number,
  digits = 6,
  algorithm: HotpAlgorithm = 'sha1',
): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** RFC 6238: T = floor(unix seconds / 30). */
export const totpStep = (at: Date, stepSeconds = 30) => Math.floor(at.getTime() / 1000 / stepSeconds);

export function totp(key: Uint8Array, at: Date, digits = 6, algorithm: HotpAlgorithm = 'sha1'): string {
  return hotp(key, totpStep(at), digits, algorithm);
}

/**
 * The step a 6-digit code matches, within one step either side of `at` (clock drift, RFC 6238 §5.2), and
 * later than `lastStep`: a code already used (or an older one) is refused, so a code seen over a
 * shoulder or in a proxy log cannot be replayed. Null when none matches.
 */
export function verifyTotp(key: Uint8Array, code: string, at: Date, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = totpStep(at);
  let matched: number | null = null;
  // Every candidate is computed and compared in constant time, whatever matches first.
  for (const step of [now - 1, now, now + 1]) {
    const equal = timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code));
    if (equal && (lastStep === null || step > lastStep) && matched === null) matched = step;
  }
  return matched;
}

/** 160 random bits, the RFC 4226 §4 recommended key length for HMAC-SHA1. */
export const newTotpSecret = () => base32Encode(randomBytes(20));

/** The otpauth:// URI authenticator apps scan (Google Authenticator's Key Uri Format). */
export function otpauthUri(secret: string, issuer: string, account: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const params = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: '6', period: '30' });
  return `otpauth://totp/${label}?${params.toString()}`;
}
