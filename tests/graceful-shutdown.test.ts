import { afterAll, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createTestDatabase } from './helpers/test-database';

const database = await createTestDatabase();
afterAll(() => database.close());

it('finishes in-flight requests when closing, and refuses new ones', async () => {
  const { server } = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), database });
  // A request that is still running when shutdown starts: it finishes when the test lets it.
  let arrived!: () => void;
  const inside = new Promise<void>((resolve) => (arrived = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  server.get('/api/test-slow', async () => {
    arrived();
    await released;
    return { finished: true };
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const inFlight = fetch(`${base}/api/test-slow`);
  await inside;
  const closing = server.close();
  const late = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
    (res) => res.status,
    () => 'refused',
  );
  release();

  const response = await inFlight;
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ finished: true });
  expect([503, 'refused']).toContain(late);
  await closing;
});
