import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../db/client';
import { isDatabaseUnavailable, retryWhileUnavailable } from '../db/unavailable';
import { backgroundTimer } from './background-timer';
import { BadJobPayload, parsePayload, type JobKind, type JobPayloads, type QueuedJob } from './job-payloads';
import { jobsRepo, maxJobAttempts, type ClaimedJob } from './jobs.repo';
import { markJobDone } from './jobs-done.repo.ts';

export type JobHandler = (payload: Record<string, unknown>) => Promise<void>;

const batchPauseMs = 25;
/** More requests than this still running after a pause between batches: they are queueing. */
const queuedRequests = 1;
const maxYieldMs = 1_000;
/** A backlog drained for longer than this stops yielding: a burst gets priority, e-mails still get out. */
const yieldingDrainMs = 45_000;

/** How long a claimed job is this instance's; every handler's own timeouts stay well under it. */
export const jobLeaseMs = 60_000;

/** Queues work to run outside the request (inside the caller's transaction when given one). */
export async function enqueue<K extends JobKind>(
  db: Executor,
  kind: K,
  payload: JobPayloads[K],
  runAt?: Date,
) {
  // Due at once unless told otherwise: the epoch, not the database's now(), so a clock that differs
  // from the database's (another host, a test clock) never delays new work.
  await jobsRepo.insert(db, kind, parsePayload(kind, payload), runAt ?? new Date(0));
}

/** Several jobs, due at once, queued in one statement (inside the caller's transaction when given one). */
export async function enqueueAll(db: Executor, all: QueuedJob[]) {
  await jobsRepo.insertMany(
    db,
    all.map((job) => ({ kind: job.kind, payload: parsePayload(job.kind, job.payload), runAt: new Date(0) })),
  );
}

/**
 * Runs due jobs `concurrency` at a time and keeps claiming while a full batch came back, so a backlog
 * drains at the handlers' pace rather than one batch per poll (issue 10 §5: 10 jobs per 2 s before).
 * Jobs are claimed with FOR UPDATE SKIP LOCKED and a lease, so several app instances share the queue
 * and a crashed run is retried when its lease ends. Failures back off (30 s × attempts²); after 8 the
 * job is dead: kept, counted in the panel, retried by the operator.
 */
export function createJobRunner(options: {
  db: Db;
  handlers: Record<string, JobHandler>;
  clock: () => Date;
  log: FastifyBaseLogger;
  intervalMs?: number;
  concurrency?: number;
  /** Told once when a job has failed its last attempt (the owner's alert). */
  onDead?: (job: { id: string; kind: string; lastError: string }, now: Date) => Promise<unknown>;
  /** Requests being handled by this process now: while they queue, batches wait (yieldToRequests). */
  requestsRunning?: () => number;
  /** Runs before each batch: pollers that turn rows into jobs (order receipts). */
  before?: (now: Date) => Promise<unknown>;
  /**
   * Kinds that run in a lane of their own, with their own concurrency: jobs that wait on a slow outside
   * party (the delivery panel, up to SMM_TIMEOUT_MS) never hold the e-mails back, nor the reverse.
   */
  lanes?: ReadonlyArray<{ kinds: readonly string[]; concurrency: number }>;
}) {
  const { db, handlers, clock, log } = options;
  const concurrency = options.concurrency ?? 20;
  const lanes: Array<{
    kinds: { only: readonly string[] } | { except: readonly string[] };
    concurrency: number;
  }> = [
    ...(options.lanes ?? []).map((lane) => ({ kinds: { only: lane.kinds }, concurrency: lane.concurrency })),
    { kinds: { except: (options.lanes ?? []).flatMap((lane) => lane.kinds) }, concurrency },
  ];

  /**
   * The pause between two full batches, kept going (up to a second) while requests are still queueing
   * after it: a buyer's order waits for no one's receipt, a receipt can leave a second later. At 1,000
   * orders/s the receipts competed with the orders for the same two cores (ADR 023). A drain that has
   * lasted 45 s stops yielding, so a steady load cannot leave the e-mails ever further behind.
   */
  async function yieldToRequests(drainStartedAt: number): Promise<void> {
    for (let waited = 0; waited < maxYieldMs; waited += batchPauseMs) {
      await new Promise((r) => setTimeout(r, batchPauseMs));
      if ((options.requestsRunning?.() ?? 0) <= queuedRequests) return;
      if (performance.now() - drainStartedAt > yieldingDrainMs) return;
    }
  }

  async function run(job: ClaimedJob) {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload);
    } catch (err) {
      await recordFailure(job, err).catch((writeErr: unknown) =>
        log.warn({ err: writeErr, jobId: job.id }, 'job failure not recorded: retried when its lease ends'),
      );
      return;
    }
    // Done is written through a database that may have just dropped its connections: unrecorded, the
    // job would run again when its lease ends (a second e-mail), so the write is tried a few times.
    await retryWhileUnavailable(() => markJobDone(db, job.id, clock())).catch((err: unknown) =>
      log.error({ err, jobId: job.id }, 'job done but not recorded'),
    );
  }

  async function recordFailure(job: ClaimedJob, err: unknown) {
    log.warn({ err, jobId: job.id, kind: job.kind, attempts: job.attempts }, 'job failed');
    // A database that went away is back in seconds (issue 14 §2): no reason to wait 30 s × attempts². A
    // failure that says how long to wait (a provider's rate limit, `retryAfterMs`) waits exactly that.
    const asked = (err as { retryAfterMs?: unknown } | null)?.retryAfterMs;
    const backoffMs = isDatabaseUnavailable(err)
      ? 2_000
      : typeof asked === 'number' && asked > 0
        ? asked
        : 30_000 * job.attempts * job.attempts;
    const retryAt = new Date(clock().getTime() + backoffMs);
    const dead = err instanceof BadJobPayload || job.attempts >= maxJobAttempts;
    await retryWhileUnavailable(() => jobsRepo.markFailed(db, job.id, retryAt, String(err), dead));
    if (dead && options.onDead)
      await options
        .onDead({ id: job.id, kind: job.kind, lastError: String(err) }, clock())
        .catch((alertErr: unknown) => log.warn({ err: alertErr }, 'dead job alert not queued'));
  }

  /** Up to the lane's concurrency of its due jobs at once. Returns how many were claimed. */
  async function runLane(lane: (typeof lanes)[number]): Promise<number> {
    const claimed = await jobsRepo.claim(db, clock(), jobLeaseMs, lane.concurrency, lane.kinds);
    await Promise.all(claimed.map(run));
    return claimed.length;
  }

  /** The pollers (once), then one batch of every lane. */
  async function runOnce(): Promise<number> {
    // A failing poller (a rollup, say) must not stop the e-mails: log it and run the due jobs anyway.
    await options.before?.(clock()).catch((err: unknown) => log.warn({ err }, 'job poller failed'));
    const claimed = await Promise.all(lanes.map(runLane));
    return claimed.reduce((a, b) => a + b, 0);
  }

  // The pollers run once a tick (each interval), not once a batch: while a backlog drains they would
  // otherwise rescan orders and rollups every few milliseconds. A short pause between full batches
  // leaves the database to the requests; a backlog still drains at a few hundred jobs a second.
  const timer = backgroundTimer({
    intervalMs: options.intervalMs ?? 2000,
    log,
    failure: 'job run failed',
    async tick(signal) {
      await options.before?.(clock()).catch((err: unknown) => log.warn({ err }, 'job poller failed'));
      await Promise.all(
        lanes.map(async (lane) => {
          const drainStartedAt = performance.now();
          let claimed = await runLane(lane);
          while (!signal.aborted && claimed === lane.concurrency) {
            await yieldToRequests(drainStartedAt);
            claimed = await runLane(lane);
          }
        }),
      );
    },
  });
  return {
    runOnce,
    /** Runs until nothing is due (tests, shutdown). */
    async drain() {
      while ((await runOnce()) > 0);
    },
    start: timer.start,
    /** Stops polling and waits for the batch in progress, so shutdown never cuts a job off its database. */
    stop: timer.stop,
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
