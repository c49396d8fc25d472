/** What a background timer logs through: the app's logger, or any object with its `warn`. */
export interface TimerLog {
  warn(details: { err: unknown }, message: string): void;
}

export interface BackgroundTimer {
  /** Schedules the first tick an interval from now; a timer already started is left as it is. */
  start(): void;
  /** No tick is scheduled after this; resolves once the tick in flight (if any) has finished. */
  stop(): Promise<void>;
}

/** Each wait is the interval ± this fraction of it, drawn again every tick. */
export const defaultJitter = 0.1;

/**
 * Runs `tick` every `intervalMs` in the background, for the server's pollers (jobs, delivery status,
 * reconciliation, catalogue and shop-number versions, rate-limit purge):
 * - the next tick is scheduled when the previous one has finished, so two never overlap on a slow database;
 * - each wait is jittered, so instances started together (a deploy) do not poll in step;
 * - a tick that throws is logged as `failure` and the timer goes on (one bad run must not stop the poller);
 * - the timer never keeps the process alive, and `stop()` waits for the tick in flight, so shutdown never
 *   cuts a tick off its database. `tick` gets a signal that is aborted by `stop()`, for loops that drain.
 */
export function backgroundTimer(options: {
  intervalMs: number;
  tick: (signal: AbortSignal) => Promise<unknown>;
  log: TimerLog;
  /** The log message of a tick that threw. */
  failure: string;
  jitter?: number;
  /** Tests pass their own; in [0, 1). */
  random?: () => number;
}): BackgroundTimer {
  const jitter = options.jitter ?? defaultJitter;
  const random = options.random ?? Math.random;
  let controller: AbortController | null = null;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();

  const wait = () => Math.max(0, Math.round(options.intervalMs * (1 + jitter * (2 * random() - 1))));
  const schedule = (signal: AbortSignal) => {
    if (signal.aborted) return;
    timer = setTimeout(() => (inFlight = run(signal)), wait()).unref();
  };
  const run = async (signal: AbortSignal) => {
    try {
      await options.tick(signal);
    } catch (err) {
      options.log.warn({ err }, options.failure);
    }
    schedule(signal);
  };

  return {
    start() {
      if (controller && !controller.signal.aborted) return;
      controller = new AbortController();
      schedule(controller.signal);
    },
    async stop() {
      controller?.abort();
      clearTimeout(timer);
      await inFlight;
    },
  };
}
