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
    const echo = turnBatcher(async (batch: number[]) => {
      batches.push(batch);
      return batch;
    }, 2);
    expect(await Promise.all([1, 2, 3, 4, 5].map((n) => echo(n)))).toEqual([1, 2, 3, 4, 5]);
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });
});
