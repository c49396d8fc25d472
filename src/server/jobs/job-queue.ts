import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type Db } from '../db/client';
import { jobs } from '../db/schema';
import type { Executor } from '../orders/orders.repo';

export type JobHandler = (payload: Record<string, unknown>) => Promise<void>;

/** Queues work to run outside the request (inside the caller's transaction when given one). */
export async function enqueue(db: Executor, kind: string, payload: Record<string, unknown>, runAt?: Date) {
  // Due at once unless told otherwise: the epoch, not the database's now(), so a clock that differs
  // from the database's (another host, a test clock) never delays new work.
  await db.insert(jobs).values({ kind, payload, runAt: runAt ?? new Date(0) });
}

const maxAttempts = 8;

/**
 * Runs due jobs a few at a time. Jobs are claimed with FOR UPDATE SKIP LOCKED and a lease, so several
 * app instances share the queue and a crashed run is retried when its lease ends. Failures back off
 * (30 s × attempts²) up to 8 attempts.
 */
export function createJobRunner(options: {
  db: Db;
  handlers: Record<string, JobHandler>;
  clock: () => Date;
  log: FastifyBaseLogger;
  intervalMs?: number;
  /** Runs before each batch: pollers that turn rows into jobs (order receipts). */
  before?: (now: Date) => Promise<unknown>;
}) {
  const { db, handlers, clock, log } = options;

  async function runOnce(limit = 10): Promise<number> {
    const now = clock();
    // A failing poller (a rollup, say) must not stop the e-mails: log it and run the due jobs anyway.
    await options.before?.(now).catch((err: unknown) => log.warn({ err }, 'job poller failed'));
    const claimed = rowsOf<{ id: string; kind: string; payload: Record<string, unknown>; attempts: number }>(
      await db.execute(sql`
        update jobs set locked_until = ${new Date(now.getTime() + 60_000)}, attempts = attempts + 1
        where id in (
          select id from jobs
          where done_at is null and run_at <= ${now} and attempts < ${maxAttempts}
            and (locked_until is null or locked_until < ${now})
          order by run_at
          limit ${limit}
          for update skip locked
        )
        returning id, kind, payload, attempts`),
    );
    for (const job of claimed) {
      const handler = handlers[job.kind];
      try {
        if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
        await handler(typeof job.payload === 'string' ? JSON.parse(job.payload) : job.payload);
        await db.execute(sql`update jobs set done_at = ${clock()}, locked_until = null where id = ${job.id}`);
      } catch (err) {
        log.warn({ err, jobId: job.id, kind: job.kind, attempts: job.attempts }, 'job failed');
        const retryAt = new Date(clock().getTime() + 30_000 * job.attempts * job.attempts);
        await db.execute(
          sql`update jobs set run_at = ${retryAt}, locked_until = null, last_error = ${String(err).slice(0, 500)} where id = ${job.id}`,
        );
      }
    }
    return claimed.length;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  return {
    runOnce,
    /** Runs until nothing is due (tests, shutdown). */
    async drain() {
      while ((await runOnce()) > 0);
    },
    start() {
      timer = setInterval(() => {
        running = runOnce().catch((err: unknown) => log.warn({ err }, 'job run failed'));
      }, options.intervalMs ?? 2000);
      timer.unref();
    },
    /** Stops polling and waits for the batch in progress, so shutdown never cuts a job off its database. */
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
