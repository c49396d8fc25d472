/** What a pacer reads and waits on: the real clock, or a test's. */
export interface PacerClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: PacerClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Spaces the calls of this process evenly, at most `perSecond` starting in any second. Meta takes 80
 * messages/s per number and refuses the rest with 130429, whose retry waits the queue's back-off (30 s and
 * up): an instance sending a backlog with all its handlers at once went past it (bench:jobs).
 */
export function createPacer(perSecond: number, clock: PacerClock = realClock): () => Promise<void> {
  const gapMs = 1000 / perSecond;
  let nextSlot = Number.NEGATIVE_INFINITY;
  return async () => {
    const now = clock.now();
    const slot = Math.max(now, nextSlot);
    nextSlot = slot + gapMs;
    if (slot > now) await clock.sleep(slot - now);
  };
}
