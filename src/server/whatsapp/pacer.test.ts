import { describe, expect, it } from 'vitest';
import { createPacer } from './pacer';

/** A clock that stands still unless moved; each call's wait is recorded, not slept. */
function testClock() {
  let now = 0;
  const waits: number[] = [];
  return {
    waits,
    move: (ms: number) => void (now += ms),
    clock: { now: () => now, sleep: async (ms: number) => void waits.push(ms) },
  };
}

describe('createPacer', () => {
  it('spaces calls made at once evenly: at most the rate in any second', async () => {
    const t = testClock();
    const pace = createPacer(50, t.clock);
    await Promise.all(Array.from({ length: 120 }, () => pace()));
    const starts = [0, ...t.waits];
    expect(starts.slice(0, 4)).toEqual([0, 20, 40, 60]);
    const perSecond = starts.map((s) => starts.filter((o) => o >= s && o < s + 1000).length);
    expect(Math.max(...perSecond)).toBe(50);
  });

  it('lets a call go at once after a quiet spell', async () => {
    const t = testClock();
    const pace = createPacer(50, t.clock);
    await pace();
    await pace();
    t.move(5_000);
    await pace();
    expect(t.waits).toEqual([20]);
  });
});
