import { createHash } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { messages } from '../../shared/messages';
import { accountsRepo } from '../accounts/accounts.repo';
import { dummyHash, verifyPassword } from '../accounts/passwords';
import { sessionDays } from '../accounts/session';
import { newToken } from '../accounts/tokens';
import type { Db } from '../db/client';
import { loginFailures } from '../db/schema';
import { AppError } from '../errors';

const maxFailures = 5;
const lockMs = 5 * 60 * 1000;

const fill = (text: string, n: number) => text.replace('{n}', String(n));

/**
 * The admin sign-in of spec §4 and DECISIONS 21: the 5th failure locks the account and the IP for 5
 * minutes, in the database (so every instance sees it); success clears both. Only ADMIN_EMAIL gets a
 * session, even with a correct password.
 */
export function createAdminLogin(deps: { db: Db; clock: () => Date; adminEmail: string }) {
  const { db, clock } = deps;

  async function lockedUntil(keys: string[], now: Date): Promise<Date | null> {
    const rows = await db.select().from(loginFailures).where(inArray(loginFailures.key, keys));
    const locks = rows.map((r) => r.lockedUntil).filter((d): d is Date => d !== null && d > now);
    return locks.length ? new Date(Math.max(...locks.map((d) => d.getTime()))) : null;
  }

  /** Counts a failure on each key; returns the account's count and whether this one locked it. */
  async function recordFailure(keys: string[], now: Date): Promise<{ attempt: number; locked: boolean }> {
    let attempt = 0;
    let locked = false;
    for (const key of keys) {
      const [row] = await db
        .insert(loginFailures)
        .values({ key, failures: 1, updatedAt: now })
        .onConflictDoUpdate({
          target: loginFailures.key,
          set: {
            // A lock that has run out starts the count again.
            failures: sql`case when ${loginFailures.lockedUntil} is not null then 1 else ${loginFailures.failures} + 1 end`,
            lockedUntil: null,
            updatedAt: now,
          },
        })
        .returning({ failures: loginFailures.failures });
      const failures = row?.failures ?? 1;
      if (failures >= maxFailures) {
        await db
          .update(loginFailures)
          .set({ lockedUntil: new Date(now.getTime() + lockMs), failures: 0 })
          .where(eq(loginFailures.key, key));
        locked = true;
      }
      attempt = Math.max(attempt, failures);
    }
    return { attempt, locked };
  }

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
      const until = await lockedUntil(keys, now);
      if (until) {
        const seconds = Math.ceil((until.getTime() - now.getTime()) / 1000);
        throw new AppError('rate_limited', 'admin_blocked', fill(messages.admin_blocked, seconds), {
          retryAfterSeconds: seconds,
        });
      }
      const user = await accountsRepo.findUserByEmail(db, email);
      const valid = await verifyPassword(user?.passwordHash ?? dummyHash, password);
      if (!user || !valid) {
        const { attempt, locked } = await recordFailure(keys, now);
        if (locked) {
          throw new AppError('rate_limited', 'admin_too_many', messages.admin_too_many, {
            retryAfterSeconds: lockMs / 1000,
            attempt: maxFailures,
          });
        }
        throw new AppError(
          'unauthenticated',
          'admin_wrong_credentials',
          fill(messages.admin_wrong_credentials, attempt),
          {
            attempt,
          },
        );
      }
      if (email !== deps.adminEmail) {
        throw new AppError('forbidden', 'admin_not_allowed', messages.admin_not_allowed);
      }
      await db.delete(loginFailures).where(inArray(loginFailures.key, keys));
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
