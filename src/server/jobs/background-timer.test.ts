import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backgroundTimer } from './background-timer';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

const silent = { warn: () => undefined };

describe('backgroundTimer', () => {
  it('ticks an interval after start, then an interval after each tick, never before start', async () => {
    let ticks = 0;
    const timer = backgroundTimer({
      intervalMs: 1_000,
      jitter: 0,
      tick: async () => void ticks++,
      log: silent,
      failure: 'x',
    });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(ticks).toBe(0);
    timer.start();
    timer.start(); // a second start schedules nothing more
    await vi.advanceTimersByTimeAsync(999);
    expect(ticks).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(ticks).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(ticks).toBe(3);
    await timer.stop();
  });

  it('jitters each wait by up to the fraction given, either way', async () => {
    const draws = [0, 0.999_999, 0.5];
    const at: number[] = [];
    const timer = backgroundTimer({
      intervalMs: 1_000,
      jitter: 0.2,
      random: () => draws.shift() ?? 0.5,
      tick: async () => void at.push(Date.now()),
      log: silent,
      failure: 'x',
    });
    const start = Date.now();
    timer.start();
    await vi.advanceTimersByTimeAsync(3_000);
    await timer.stop();
    // 800 ms (−20 %), then 1,200 ms (+20 %), then 1,000 ms.
    expect(at.map((t) => t - start)).toEqual([800, 2_000, 3_000]);
  });

  it('does not start a tick while one is running: the next wait begins when it ends', async () => {
    let running = 0;
    let peak = 0;
    let finish!: () => void;
    const timer = backgroundTimer({
      intervalMs: 100,
      jitter: 0,
      tick: async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => (finish = resolve));
        running--;
      },
      log: silent,
      failure: 'x',
    });
    timer.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(running).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(99);
    expect(running).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(running).toBe(1);
    expect(peak).toBe(1);
    finish();
    await timer.stop();
  });

  it('logs a tick that throws and keeps ticking', async () => {
    const logged: Array<{ err: unknown; message: string }> = [];
    let ticks = 0;
    const timer = backgroundTimer({
      intervalMs: 100,
      jitter: 0,
      tick: async () => {
        ticks++;
        if (ticks === 1) throw new Error('database away');
      },
      log: { warn: ({ err }, message) => void logged.push({ err, message }) },
      failure: 'poller failed',
    });
    timer.start();
    await vi.advanceTimersByTimeAsync(200);
    await timer.stop();
    expect(ticks).toBe(2);
    expect(logged).toHaveLength(1);
    expect(logged[0]?.message).toBe('poller failed');
    expect(String(logged[0]?.err)).toContain('database away');
  });

  it('stop waits for the tick in flight, tells it through its signal, and schedules no other', async () => {
    let ticks = 0;
    let finish!: () => void;
    let seen: AbortSignal | undefined;
    const timer = backgroundTimer({
      intervalMs: 100,
      jitter: 0,
      tick: async (signal) => {
        ticks++;
        seen = signal;
        await new Promise<void>((resolve) => (finish = resolve));
      },
      log: silent,
      failure: 'x',
    });
    timer.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(ticks).toBe(1);
    let stopped = false;
    const stopping = timer.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(seen?.aborted).toBe(true);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(ticks).toBe(1);
  });

  it('starts again after a stop', async () => {
    let ticks = 0;
    const timer = backgroundTimer({
      intervalMs: 100,
      jitter: 0,
      tick: async () => void ticks++,
      log: silent,
      failure: 'x',
    });
    timer.start();
    await timer.stop();
    await vi.advanceTimersByTimeAsync(500);
    expect(ticks).toBe(0);
    timer.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(ticks).toBe(1);
    await timer.stop();
  });
});
