import { createHash } from 'node:crypto';
import { messages } from '../../shared/messages';
import { accountsRepo } from '../accounts/accounts.repo';
import { dummyHash, verifyPassword } from '../accounts/passwords';
import { hashToken, newToken } from '../accounts/tokens';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { alertOwner, type AlertTarget } from '../owner-alerts/owner-alerts';
import { attemptWindowMs, loginAttemptsRepo } from './login-attempts.repo';
import { operatorSecurityRepo } from './operator-security.repo';
import { secondFactorOk, startOperatorSession } from './operator-sign-in';

/** Password attempts per address, then a 5-minute lock of that address (ADR 014, ADR 027). */
export const maxAttempts = 5;
const lockMs = 5 * 60 * 1000;
/** Account-wide attempts are only counted: past 5, a password is checked only from a clean address. */
const accountUnderAttack = 5;
const neverLocks = 1_000_000_000;
/** The code step: 5 minutes and 3 codes per password step; 5 wrong codes per account, then 15 minutes. */
export const pendingMs = 5 * 60 * 1000;
export const codesPerPending = 3;
export const codeFailuresPerAccount = 5;
const codeLockMs = 15 * 60 * 1000;

const fill = (text: string, n: number) => text.replace('{n}', String(n));
const secondsUntil = (until: Date | null | undefined, now: Date) =>
  Math.max(1, Math.ceil(((until?.getTime() ?? 0) - now.getTime()) / 1000));

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
 * Code step: at most 3 codes per pending token (5 minutes), and 5 wrong codes per account with the
 * right password, then 15 minutes for everyone and an e-mail to the owner (someone has the password).
 */
export function createAdminLogin(deps: {
  db: Db;
  clock: () => Date;
  adminEmail: string;
  alert?: AlertTarget;
}) {
  const { db, clock } = deps;
  const accountKey = (email: string) => `admin-account:${createHash('sha256').update(email).digest('hex')}`;
  const codeKey = (userId: string) => `admin-code:${userId}`;

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
      const user = email === deps.adminEmail ? await accountsRepo.findOperator(db, email) : undefined;

      if (user?.totpSecret) {
        const passwordOk = await verifyPassword(user.passwordHash, password);
        const { token, hash } = newToken();
        await operatorSecurityRepo.insertPendingLogin(
          db,
          {
            tokenHash: hash,
            userId: user.id,
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

    /** The second step: the pending token of the password step and a code. */
    async verifyCode(pendingToken: string, code: string) {
      const now = clock();
      const pending = await operatorSecurityRepo.reservePendingAttempt(
        db,
        hashToken(pendingToken),
        now,
        codesPerPending,
      );
      if (!pending) throw new AppError('unauthenticated', 'admin_code_expired');
      const key = codeKey(pending.userId);
      // Only a right password counts against the account: nobody without it can block the owner's codes.
      let codeAttempt = 0;
      if (pending.passwordOk) {
        const [count] = await loginAttemptsRepo.reserve(db, [key], now, codeFailuresPerAccount, codeLockMs);
        codeAttempt = count!.attempts;
        if (codeAttempt > codeFailuresPerAccount) throw codeBlocked(count!.lockedUntil, now);
      } else {
        const until = await loginAttemptsRepo.lockedUntil(db, key, now);
        if (until) throw codeBlocked(until, now);
      }
      const found = await accountsRepo.findUserById(db, pending.userId);
      const user =
        found?.role === 'operator' && found.email === deps.adminEmail && found.totpSecret ? found : undefined;
      // The code is checked even after a wrong password (spending nothing), so both take the same path.
      const factor = user ? await secondFactorOk(db, user, code, now, pending.passwordOk) : null;

      if (!pending.passwordOk || !user || !factor) {
        if (codeAttempt === codeFailuresPerAccount && deps.alert) {
          await alertOwner(
            db,
            deps.alert,
            {
              key: `admin-code-lock:${pending.userId}`,
              quietMs: codeLockMs,
              subject: 'Painel: senha certa, códigos errados',
              lines: [
                `Alguém entrou com a senha do painel e errou o código de verificação ${codeFailuresPerAccount} vezes.`,
                'O código fica bloqueado por 15 minutos. Se não foi você, troque a senha do painel agora.',
              ],
            },
            now,
          );
        }
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
      await loginAttemptsRepo.clear(db, [pending.ipKey, accountKey(user.email), key]);
      return {
        token: await startOperatorSession(db, user.id, now),
        email: user.email,
        usedRecoveryCode: factor === 'recovery',
        recoveryCodesLeft: await operatorSecurityRepo.unusedRecoveryCodes(db, user.id),
      };
    },
  };
}

function codeBlocked(until: Date | null, now: Date) {
  const seconds = secondsUntil(until, now);
  return new AppError('rate_limited', 'admin_code_blocked', fill(messages.admin_code_blocked, seconds), {
    retryAfterSeconds: seconds,
  });
}
