import { describe, expect, it } from 'vitest';
import { turnBatcher } from './turn-batcher.ts';

describe('turnBatcher', () => {
  it('runs the calls of one turn as one batch, each answered with its own result', async () => {
    const batches: number[][] = [];
    const double = turnBatcher(async (batch: number[]) => {
      batches.push(batch);
      return batch.map((n) => n * 2);
    });
    const answers = await Promise.all([1, 2, 3].map((n) => double(n)));
    expect(answers).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
    expect(await double(4)).toBe(8);
    expect(batches).toEqual([[1, 2, 3], [4]]);
  });

  it('fails only the item whose answer is an Error', async () => {
    const check = turnBatcher(async (batch: number[]) =>
      batch.map((n) => (n < 0 ? new Error(`negative ${n}`) : n)),
    );
    const results = await Promise.allSettled([check(1), check(-1), check(2)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('runs each item alone when the database refuses the shared statement, so one bad row cannot fail the others', async () => {
    const batches: number[][] = [];
    const store = turnBatcher(async (batch: number[]) => {
      batches.push(batch);
      if (batch.includes(13)) throw Object.assign(new Error('duplicate key value'), { code: '23505' });
      return batch;
    });
    const results = await Promise.allSettled([store(1), store(13), store(2)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(batches).toEqual([[1, 13, 2], [1], [13], [2]]);
  });

  it('runs nothing again when the outcome is unknown: the statement may have committed', async () => {
    for (const lost of [
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      new Error('Connection terminated unexpectedly'),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      new Error('order insert: unexpected row'),
    ]) {
      const batches: number[][] = [];
      const store = turnBatcher(async (batch: number[]) => {
        batches.push(batch);
        throw lost;
      });
      const results = await Promise.allSettled([store(1), store(2), store(3)]);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
      expect(batches).toEqual([[1, 2, 3]]);
    }
  });

  it('starts a new batch once one is full', async () => {
    const batches: number[][] = [];
    const echo = turnBatcher(
      async (batch: number[]) => {
        batches.push(batch);
        return batch;
      },
      { maxBatch: 2 },
    );
    expect(await Promise.all([1, 2, 3, 4, 5].map((n) => echo(n)))).toEqual([1, 2, 3, 4, 5]);
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('sends the calls made while its statement runs together, once it is answered', async () => {
    const batches: number[][] = [];
    const answers: Array<() => void> = [];
    const store = turnBatcher(async (batch: number[]) => {
      batches.push(batch);
      await new Promise<void>((resolve) => answers.push(resolve));
      return batch;
    });
    const first = store(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1]]);
    // Three turns while the first statement runs: no statement of theirs yet.
    const later: Array<Promise<number>> = [];
    for (const n of [2, 3, 4]) {
      later.push(store(n));
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(batches).toEqual([[1]]);
    answers.shift()!();
    expect(await first).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1], [2, 3, 4]]);
    answers.shift()!();
    expect(await Promise.all(later)).toEqual([2, 3, 4]);
  });

  it('sends the calls that waited once the statement before them failed', async () => {
    const batches: number[][] = [];
    const store = turnBatcher(async (batch: number[]) => {
      batches.push(batch);
      await new Promise((resolve) => setImmediate(resolve));
      if (batches.length === 1) throw new Error('Connection terminated unexpectedly');
      return batch;
    });
    const failed = store(1);
    await new Promise((resolve) => setImmediate(resolve));
    const waited = store(2);
    await expect(failed).rejects.toThrow('Connection terminated');
    expect(await waited).toBe(2);
    expect(batches).toEqual([[1], [2]]);
  });

  it('lets the next statement go when the running one hangs', async () => {
    const batches: number[][] = [];
    const store = turnBatcher(
      async (batch: number[]) => {
        batches.push(batch);
        // The first statement never answers (a lock it waits for, a connection gone silent).
        if (batches.length === 1) return new Promise<number[]>(() => undefined);
        return batch;
      },
      { overdueMs: 20 },
    );
    void store(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await store(2)).toBe(2);
    expect(batches).toEqual([[1], [2]]);
  });
});
