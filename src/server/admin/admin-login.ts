import { createHash } from 'node:crypto';
import { messages } from '../../shared/messages';
import { accountsRepo } from '../accounts/accounts.repo';
import { dummyHash, verifyPassword } from '../accounts/passwords';
import { sessionDays } from '../accounts/session';
import { newToken } from '../accounts/tokens';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { loginAttemptsRepo } from './login-attempts.repo';

const maxAttempts = 5;
const lockMs = 5 * 60 * 1000;

const fill = (text: string, n: number) => text.replace('{n}', String(n));

/**
 * The admin sign-in of spec §4 and DECISIONS 21: at most 5 attempts per account and per IP, then a
 * 5-minute lock, counted in the database before the password is checked (every instance and every
 * concurrent request sees it); success clears both. Only the operator role of ADMIN_EMAIL gets a session
 * (DECISIONS 30); any other account gets the same answer as a wrong password.
 */
export function createAdminLogin(deps: { db: Db; clock: () => Date; adminEmail: string }) {
  const { db, clock } = deps;

  return {
    async login(email: string, password: string, clientKey: string) {
      if (!email || !password) {
        throw new AppError(
          'invalid_input',
          'admin_credentials_required',
          messages.admin_credentials_required,
        );
      }
      const now = clock();
      const keys = [
        `admin-account:${createHash('sha256').update(email).digest('hex')}`,
        `admin-ip:${clientKey}`,
      ];
      const counts = await loginAttemptsRepo.reserve(db, keys, now, maxAttempts, lockMs);
      const attempt = Math.max(...counts.map((c) => c.attempts));
      if (attempt > maxAttempts) {
        const until = Math.max(...counts.map((c) => c.lockedUntil?.getTime() ?? 0));
        const seconds = Math.max(1, Math.ceil((until - now.getTime()) / 1000));
        throw new AppError('rate_limited', 'admin_blocked', fill(messages.admin_blocked, seconds), {
          retryAfterSeconds: seconds,
        });
      }
      const user = email === deps.adminEmail ? await accountsRepo.findOperator(db, email) : undefined;
      const valid = await verifyPassword(user?.passwordHash ?? dummyHash, password);
      if (!user || !valid) {
        if (attempt === maxAttempts) {
          throw new AppError('rate_limited', 'admin_too_many', messages.admin_too_many, {
            retryAfterSeconds: lockMs / 1000,
            attempt: maxAttempts,
          });
        }
        throw new AppError(
          'unauthenticated',
          'admin_wrong_credentials',
          fill(messages.admin_wrong_credentials, attempt),
          { attempt },
        );
      }
      await loginAttemptsRepo.clear(db, keys);
      const { token, hash } = newToken();
      await accountsRepo.insertSession(db, {
        tokenHash: hash,
        userId: user.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + sessionDays * 86_400_000),
      });
      return { token, email: user.email };
    },
  };
}
