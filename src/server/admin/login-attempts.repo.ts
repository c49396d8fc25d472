import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginFailures } from '../db/schema';

export interface AttemptCount {
  key: string;
  /** Attempts since the last success, lock expiry or quiet window, this one included. */
  attempts: number;
  lockedUntil: Date | null;
}

/** A count left alone this long starts again: failures are judged within a window (ADR 027). */
export const attemptWindowMs = 15 * 60 * 1000;

/**
 * Sign-in attempts counted before the password is checked, in one statement per sign-in: concurrent
 * requests each get their own number, so a burst verifies at most `max` passwords per key (issue 9 §2).
 * The `max`-th attempt sets the lock; a lock that has run out, or a count untouched for 15 minutes,
 * starts the count again.
 */
export const loginAttemptsRepo = {
  async reserve(db: Db, keys: string[], now: Date, max: number, lockMs: number): Promise<AttemptCount[]> {
    const at = sql`${now.toISOString()}::timestamptz`;
    const quietSince = sql`${new Date(now.getTime() - attemptWindowMs).toISOString()}::timestamptz`;
    const lockAt = new Date(now.getTime() + lockMs);
    const expired = sql`((${loginFailures.lockedUntil} is not null and ${loginFailures.lockedUntil} <= ${at})
      or (${loginFailures.lockedUntil} is null and ${loginFailures.updatedAt} <= ${quietSince}))`;
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
  /** The lock on `key`, if one is running (read only: nothing counted). */
  async lockedUntil(db: Db, key: string, now: Date): Promise<Date | null> {
    const [row] = await db
      .select({ lockedUntil: loginFailures.lockedUntil })
      .from(loginFailures)
      .where(eq(loginFailures.key, key));
    return row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null;
  },
  async clear(db: Db, keys: string[]) {
    await db.delete(loginFailures).where(inArray(loginFailures.key, keys));
  },
};
