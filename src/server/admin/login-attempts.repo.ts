import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginFailures } from '../db/schema';

export interface AttemptCount {
  key: string;
  /** Attempts since the last success or lock expiry, this one included. */
  attempts: number;
  lockedUntil: Date | null;
}

/**
 * Sign-in attempts counted before the password is checked, in one statement per sign-in: concurrent
 * requests each get their own number, so a burst verifies at most `max` passwords per key (issue 9 §2).
 * The `max`-th attempt sets the lock; a lock that has run out starts the count again.
 */
export const loginAttemptsRepo = {
  async reserve(db: Db, keys: string[], now: Date, max: number, lockMs: number): Promise<AttemptCount[]> {
    const at = sql`${now.toISOString()}::timestamptz`;
    const lockAt = new Date(now.getTime() + lockMs);
    const expired = sql`(${loginFailures.lockedUntil} is not null and ${loginFailures.lockedUntil} <= ${at})`;
    const next = sql`(case when ${expired} then 1 else ${loginFailures.failures} + 1 end)`;
    const rows = await db
      .insert(loginFailures)
      .values(
        keys.map((key) => ({ key, failures: 1, lockedUntil: max <= 1 ? lockAt : null, updatedAt: now })),
      )
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          failures: next,
          lockedUntil: sql`case when ${next} < ${max} then null
            when ${loginFailures.lockedUntil} > ${at} then ${loginFailures.lockedUntil}
            else ${lockAt.toISOString()}::timestamptz end`,
          updatedAt: now,
        },
      })
      .returning({
        key: loginFailures.key,
        attempts: loginFailures.failures,
        lockedUntil: loginFailures.lockedUntil,
      });
    return rows;
  },
  async clear(db: Db, keys: string[]) {
    await db.delete(loginFailures).where(inArray(loginFailures.key, keys));
  },
};
