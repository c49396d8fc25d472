import { createHash } from 'node:crypto';
import { messages } from '../../shared/messages';
import { accountsRepo } from '../accounts/accounts.repo';
import { dummyHash, verifyPassword } from '../accounts/passwords';
import { hashToken, newToken } from '../accounts/tokens';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import type { AlertTarget } from '../owner-alerts/owner-alerts';
import { alertIfLocked, countCode, fill, secondsUntil } from './admin-code-limits';
import { attemptWindowMs, loginAttemptsRepo } from './login-attempts.repo';
import { operatorSecurityRepo } from './operator-security.repo';
import { secondFactorOk, startOperatorSession } from './operator-sign-in';

/** Password attempts per address, then a 5-minute lock of that address (ADR 014, ADR 027). */
export const maxAttempts = 5;
const lockMs = 5 * 60 * 1000;
/** Account-wide attempts are only counted: past 5, a password is checked only from a clean address. */
const accountUnderAttack = 5;
const neverLocks = 1_000_000_000;
/** The code step: 5 minutes and 3 codes per password step; its other limits in admin-code-limits.ts. */
export const pendingMs = 5 * 60 * 1000;
export const codesPerPending = 3;

export type AdminLoginResult =
  { step: 'session'; token: string; email: string } | { step: 'code'; pendingToken: string };

/**
 * The admin sign-in (ADR 014, ADR 027). Only the operator role of ADMIN_EMAIL gets a session; any other
 * account gets the same answer as a wrong password.
 *
 * Password step. Attempts are counted in the database before the password is checked (every instance
 * and every concurrent request sees them): per address, 5 then a 5-minute lock of that address; per
 * account, counted only. With a second factor the step never says whether the password was right: it
 * always answers "now the code" with a pending token that remembers it, so guessing the password is
 * worth nothing without a code, and nobody's failures stop the owner. Without one (development, or a
 * production account before it sets one up), past 5 account-wide attempts within 15 minutes the
 * password is checked only from an address with no attempt of its own in that time: a spread-out
 * guesser gets one try per address, and the owner's first try from a clean address always counts.
 *
 * While the operator has a second factor, every address gets that same first answer (issue 42 §3): the
 * operator's address cannot be told from any other.
 *
 * Code step: at most 3 codes per pending token (5 minutes); per client address 5 wrong codes, whether the
 * password was right or not, so the step's answers never tell the password (issue 42 §3); and 10 wrong
 * codes per account with the right password, then 15 minutes for everyone and an e-mail to the owner
 * (someone has the password and is trying codes from several addresses). Arithmetic in docs/security.md.
 */
export function createAdminLogin(deps: {
  db: Db;
  clock: () => Date;
  adminEmail: string;
  alert?: AlertTarget;
}) {
  const { db, clock } = deps;
  const accountKey = (email: string) => `admin-account:${createHash('sha256').update(email).digest('hex')}`;

  return {
    async login(email: string, password: string, clientKey: string): Promise<AdminLoginResult> {
      if (!email || !password) {
        throw new AppError(
          'invalid_input',
          'admin_credentials_required',
          messages.admin_credentials_required,
        );
      }
      const now = clock();
      const ipKey = `admin-ip:${clientKey}`;
      const [ip] = await loginAttemptsRepo.reserve(db, [ipKey], now, maxAttempts, lockMs);
      const [account] = await loginAttemptsRepo.reserve(db, [accountKey(email)], now, neverLocks, lockMs);
      if (ip!.attempts > maxAttempts) {
        const seconds = secondsUntil(ip!.lockedUntil, now);
        throw new AppError('rate_limited', 'admin_blocked', fill(messages.admin_blocked, seconds), {
          retryAfterSeconds: seconds,
        });
      }
      const operator = await accountsRepo.findOperator(db, deps.adminEmail);
      const user = email === deps.adminEmail ? operator : undefined;

      if (operator?.totpSecret) {
        // Another address is checked against nothing, the same argon2 work: a pending sign-in that no
        // code opens.
        const passwordOk = (await verifyPassword(user?.passwordHash ?? dummyHash, password)) && !!user;
        const { token, hash } = newToken();
        await operatorSecurityRepo.insertPendingLogin(
          db,
          {
            tokenHash: hash,
            userId: operator.id,
            passwordOk,
            ipKey,
            createdAt: now,
            expiresAt: new Date(now.getTime() + pendingMs),
          },
          now,
        );
        return { step: 'code', pendingToken: token };
      }

      if (account!.attempts > accountUnderAttack && ip!.attempts > 1) {
        // The account is under attack and this address has tried already: only clean addresses go on.
        // This one is clean again after 15 quiet minutes.
        const seconds = attemptWindowMs / 1000;
        throw new AppError('rate_limited', 'admin_blocked', fill(messages.admin_blocked, seconds), {
          retryAfterSeconds: seconds,
        });
      }
      const valid = await verifyPassword(user?.passwordHash ?? dummyHash, password);
      if (!user || !valid) {
        if (ip!.attempts === maxAttempts) {
          throw new AppError('rate_limited', 'admin_too_many', messages.admin_too_many, {
            retryAfterSeconds: lockMs / 1000,
            attempt: maxAttempts,
          });
        }
        throw new AppError(
          'unauthenticated',
          'admin_wrong_credentials',
          fill(messages.admin_wrong_credentials, ip!.attempts),
          { attempt: ip!.attempts },
        );
      }
      await loginAttemptsRepo.clear(db, [ipKey, accountKey(email)]);
      return { step: 'session', token: await startOperatorSession(db, user.id, now), email: user.email };
    },

    /** The second step: the pending token of the password step and a code, from `clientKey`'s address. */
    async verifyCode(pendingToken: string, code: string, clientKey: string) {
      const now = clock();
      const pending = await operatorSecurityRepo.reservePendingAttempt(
        db,
        hashToken(pendingToken),
        now,
        codesPerPending,
      );
      if (!pending) throw new AppError('unauthenticated', 'admin_code_expired');
      const counted = await countCode(db, pending, clientKey, now);
      const found = await accountsRepo.findUserById(db, pending.userId);
      const user =
        found?.role === 'operator' && found.email === deps.adminEmail && found.totpSecret ? found : undefined;
      // The code is checked even after a wrong password (spending nothing), so both take the same path.
      const factor = user ? await secondFactorOk(db, user, code, now, pending.passwordOk) : null;

      if (!pending.passwordOk || !user || !factor) {
        await alertIfLocked(db, deps.alert, pending.userId, counted.accountAttempt, now);
        if (pending.attempts >= codesPerPending) {
          await operatorSecurityRepo.deletePendingLogin(db, pending.tokenHash);
          throw new AppError('unauthenticated', 'admin_code_restart');
        }
        throw new AppError(
          'unauthenticated',
          'admin_code_wrong',
          fill(messages.admin_code_wrong, pending.attempts),
          {
            attempt: pending.attempts,
          },
        );
      }
      await operatorSecurityRepo.deletePendingLogin(db, pending.tokenHash);
      await loginAttemptsRepo.clear(db, [pending.ipKey, accountKey(user.email), ...counted.keys]);
      return {
        token: await startOperatorSession(db, user.id, now),
        email: user.email,
        usedRecoveryCode: factor === 'recovery',
        recoveryCodesLeft: await operatorSecurityRepo.unusedRecoveryCodes(db, user.id),
      };
    },
  };
}
