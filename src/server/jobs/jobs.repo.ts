import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Executor } from '../db/client';
import { rowsOf } from '../db/rows';
import { jobs } from '../db/schema';

export interface ClaimedJob {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
}

export interface QueueStats {
  kind: string;
  waiting: number;
  oldestSeconds: number;
  dead: number;
}

// The payload is jsonb, which both drivers parse; a string is read as its JSON all the same.
const claimedRow = z.object({
  id: z.string(),
  kind: z.string(),
  payload: z.union([z.string(), z.record(z.string(), z.unknown())]),
  attempts: z.number(),
});
const statsRow = z.object({
  kind: z.string(),
  waiting: z.number(),
  oldestSeconds: z.number(),
  dead: z.number(),
});

/** A job is dead once it has used up its attempts: kept, shown in the panel, retried by hand. */
export const maxJobAttempts = 8;

export const jobsRepo = {
  async insert(db: Executor, kind: string, payload: Record<string, unknown>, runAt: Date) {
    await db.insert(jobs).values({ kind, payload, runAt });
  },

  /** Several jobs in one statement (a paid order's deliveries). */
  async insertMany(
    db: Executor,
    rows: Array<{ kind: string; payload: Record<string, unknown>; runAt: Date }>,
  ) {
    if (rows.length > 0) await db.insert(jobs).values(rows);
  },

  /**
   * Due jobs, claimed with a lease and FOR UPDATE SKIP LOCKED, so instances never run the same one; only
   * the kinds listed (`only`) or all but those (`except`), for the runner's lanes.
   */
  async claim(
    db: Db,
    now: Date,
    leaseMs: number,
    limit: number,
    kinds: { only: readonly string[] } | { except: readonly string[] } = { except: [] },
  ): Promise<ClaimedJob[]> {
    const kindFilter =
      'only' in kinds
        ? sql`and kind in (${sql.join(
            kinds.only.map((k) => sql`${k}`),
            sql`, `,
          )})`
        : kinds.except.length > 0
          ? sql`and kind not in (${sql.join(
              kinds.except.map((k) => sql`${k}`),
              sql`, `,
            )})`
          : sql``;
    const claimed = rowsOf(
      claimedRow,
      await db.execute(sql`
        update jobs set locked_until = ${new Date(now.getTime() + leaseMs)}, attempts = attempts + 1
        where id in (
          select id from jobs
          where done_at is null and run_at <= ${now} and attempts < ${maxJobAttempts}
            and (locked_until is null or locked_until < ${now})
            ${kindFilter}
          order by run_at
          limit ${limit}
          for update skip locked
        )
        returning id, kind, payload, attempts`),
    );
    return claimed.map((job) => ({
      ...job,
      payload: typeof job.payload === 'string' ? JSON.parse(job.payload) : job.payload,
    }));
  },

  /** `dead`: no attempt is left (a payload no attempt can read is dead at its first). */
  async markFailed(db: Db, id: string, retryAt: Date, error: string, dead = false) {
    await db
      .update(jobs)
      .set({
        runAt: retryAt,
        lockedUntil: null,
        lastError: error.slice(0, 500),
        ...(dead ? { attempts: sql`greatest(${jobs.attempts}, ${maxJobAttempts})` } : {}),
      })
      .where(eq(jobs.id, id));
  },

  async countDead(db: Db): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(isNull(jobs.doneAt), gte(jobs.attempts, maxJobAttempts)));
    return row?.n ?? 0;
  },

  /**
   * Per kind: jobs due and not being run, how long the oldest of them has waited (since it was queued
   * or, for a retry, since it fell due), and dead jobs. One pass over the unfinished jobs (jobs_due_idx),
   * made at each scrape of GET /metrics.
   */
  async queueStats(db: Db, now: Date): Promise<QueueStats[]> {
    const waiting = sql`attempts < ${maxJobAttempts} and run_at <= ${now}
      and (locked_until is null or locked_until < ${now})`;
    return rowsOf(
      statsRow,
      await db.execute(sql`
        select kind,
          count(*) filter (where ${waiting})::int as waiting,
          coalesce(extract(epoch from ${now}::timestamptz
            - min(greatest(created_at, run_at)) filter (where ${waiting})), 0)::float8 as "oldestSeconds",
          count(*) filter (where attempts >= ${maxJobAttempts})::int as dead
        from jobs where done_at is null
        group by kind`),
    ).map((row) => ({ ...row, oldestSeconds: Math.max(0, Number(row.oldestSeconds)) }));
  },

  async listDead(db: Db, limit = 50) {
    return db
      .select({
        id: jobs.id,
        kind: jobs.kind,
        attempts: jobs.attempts,
        lastError: jobs.lastError,
        runAt: jobs.runAt,
      })
      .from(jobs)
      .where(and(isNull(jobs.doneAt), gte(jobs.attempts, maxJobAttempts)))
      .orderBy(desc(jobs.runAt))
      .limit(limit);
  },

  /** A dead job gets its attempts back and is due at once; false when it is not dead (gone, done, alive). */
  async retryDead(db: Db, id: string): Promise<boolean> {
    const rows = await db
      .update(jobs)
      .set({ attempts: 0, runAt: new Date(0), lockedUntil: null })
      .where(and(eq(jobs.id, id), isNull(jobs.doneAt), gte(jobs.attempts, maxJobAttempts)))
      .returning({ id: jobs.id });
    return rows.length > 0;
  },
};
