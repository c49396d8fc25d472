import { sessionDays } from '../accounts/session';
import { accountsRepo } from '../accounts/accounts.repo';
import { hashToken, newToken } from '../accounts/tokens';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema';
import { operatorSecurityRepo } from './operator-security.repo';
import { normaliseRecoveryCode } from './recovery-codes';
import { base32Decode, verifyTotp } from './totp';

// The two ends of the operator's sign-in (admin-login.ts): the second factor checked, the session started.

/** The operator's session once every step passed: the cookie works like a customer's. */
export async function startOperatorSession(db: Db, userId: string, now: Date) {
  const { token, hash } = newToken();
  await accountsRepo.insertSession(db, {
    tokenHash: hash,
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + sessionDays * 86_400_000),
  });
  return token;
}

/**
 * A TOTP code (6 digits, later than the last used) or an unused recovery code, spent by this call when
 * `spend` (the password was right). After a wrong password the same checks run but spend nothing: the
 * owner's code is not used up by someone who saw it, and both paths cost about the same.
 */
export async function secondFactorOk(
  db: Db,
  user: UserRow,
  code: string,
  now: Date,
  spend: boolean,
): Promise<'totp' | 'recovery' | null> {
  if (!user.totpSecret) return null;
  const digits = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(digits)) {
    const step = verifyTotp(base32Decode(user.totpSecret), digits, now, user.totpLastStep);
    if (step === null || !spend) return null;
    return (await operatorSecurityRepo.useTotpStep(db, user.id, step)) ? 'totp' : null;
  }
  const recovery = normaliseRecoveryCode(code);
  if (!recovery) return null;
  if (!spend) {
    await operatorSecurityRepo.isUnusedRecoveryCode(db, user.id, hashToken(recovery));
    return null;
  }
  return (await operatorSecurityRepo.useRecoveryCode(db, user.id, hashToken(recovery), now))
    ? 'recovery'
    : null;
}
