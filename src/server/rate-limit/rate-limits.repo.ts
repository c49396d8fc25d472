import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { hitWindow } from '#server/rate-limit/window-hits.repo.ts';

export const rateLimitsRepo = {
  /** Counts one hit on the key's window and returns the window's hits so far, this one included. */
  hit: hitWindow,
  /** Takes back one hit of the key's window (an order that was not placed after all). */
  async unhit(db: Db, key: string, windowStart: Date) {
    await db
      .update(rateLimits)
      .set({ hits: sql`${rateLimits.hits} - 1` })
      .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart), gt(rateLimits.hits, 0)));
  },
  /** The window's hits so far (nothing counted). */
  async get(db: Db, key: string, windowStart: Date): Promise<number> {
    const [row] = await db
      .select({ hits: rateLimits.hits })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)));
    return row?.hits ?? 0;
  },
  async purgeBefore(db: Db, before: Date) {
    await db.delete(rateLimits).where(lt(rateLimits.windowStart, before));
  },
};
