import { randomBytes } from 'node:crypto';
import { hashToken } from '../accounts/tokens';
import { base32Encode } from './totp';

/** Recovery codes shown once when the second factor is turned on (ADR 027). */
export const recoveryCodeCount = 10;

/**
 * 80 random bits each, as 16 base32 characters in groups of four ("k7qm-2xvd-…"): SHA-256 is enough to
 * store them (no dictionary to try), unlike passwords.
 */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: recoveryCodeCount }, () =>
    base32Encode(randomBytes(10)).toLowerCase().match(/.{4}/g)!.join('-'),
  );
  return { codes, hashes: codes.map((code) => hashToken(normaliseRecoveryCode(code)!)) };
}

/** What people type (case, spaces, dashes) as the stored form; null when it cannot be a recovery code. */
export function normaliseRecoveryCode(typed: string): string | null {
  const clean = typed.toLowerCase().replace(/[\s-]/g, '');
  return /^[a-z2-7]{16}$/.test(clean) ? clean : null;
}
