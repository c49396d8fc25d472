import { afterAll, beforeAll, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createJobRunner, enqueue } from '../src/server/jobs/job-queue';
import { createTestDatabase } from './helpers/test-database';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

it('runs due jobs even when a poller before them fails', async () => {
  const ran: unknown[] = [];
  const runner = createJobRunner({
    db: database.db,
    handlers: { note: async (payload) => void ran.push(payload) },
    clock: () => new Date(),
    log: Fastify({ logger: { level: 'silent' } }).log,
    before: async () => {
      throw new Error('rollup unavailable');
    },
  });
  await enqueue(database.db, 'note', { n: 1 });
  expect(await runner.runOnce()).toBe(1);
  expect(ran).toEqual([{ n: 1 }]);
});
