import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { rateLimits } from '#server/db/schema/index.ts';
import { hitWindow } from '#server/rate-limit/window-hits.repo.ts';
import { createTestApp, type TestApp } from './helpers/test-app';

// ADR 039: the hits of one turn share one statement, and each is still given its own count, so a burst
// can never pass a limit (nor two hits read the same count).

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('hits made at once on two windows each get their own count, and every hit is stored', async () => {
  const db = app.database.db;
  const window = new Date('2026-11-27T12:00:00Z');
  const hits = await Promise.all([
    ...Array.from({ length: 25 }, () => hitWindow(db, 'lote:a', window)),
    ...Array.from({ length: 5 }, () => hitWindow(db, 'lote:b', window)),
    // The same key in the next window is a window of its own.
    hitWindow(db, 'lote:a', new Date('2026-11-27T12:15:00Z')),
  ]);
  expect(hits.slice(0, 25)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  expect(hits.slice(25, 30)).toEqual([1, 2, 3, 4, 5]);
  expect(hits[30]).toBe(1);
  // A later turn continues the count.
  expect(await hitWindow(db, 'lote:a', window)).toBe(26);
  const [row] = await db
    .select({ hits: rateLimits.hits })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, 'lote:a'), eq(rateLimits.windowStart, window)));
  expect(row?.hits).toBe(26);
});
