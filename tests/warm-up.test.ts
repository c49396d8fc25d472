import { afterAll, beforeAll, expect, it } from 'vitest';
import { warmUp } from '#server/warm-up.ts';
import { createTestApp, type TestApp } from './helpers/test-app';

// A new instance sends itself health checks before it listens (ADR 040): they must not read as traffic in
// the log or in GET /metrics.

const logLines: string[] = [];
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp(
    { LOG_LEVEL: 'info' },
    { logStream: { write: (line) => void logLines.push(line) } },
  );
});
afterAll(() => app.close());

const healthCount = async () =>
  /impulso_http_request_duration_seconds_count\{route="\/api\/health"[^}]*\} (\d+)/.exec(
    await app.metrics.text(),
  )?.[1];

it('its checks are neither logged nor counted; the next request is counted', async () => {
  await warmUp(app.server, app.metrics, { requests: 60, concurrency: 4 });
  expect(logLines.filter((line) => line.includes('/api/health'))).toEqual([]);
  expect(await healthCount()).toBeUndefined();

  expect((await app.server.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  expect(await healthCount()).toBe('1');
  // Other requests are still logged at info.
  await app.server.inject({ method: 'GET', url: '/api/catalogue' });
  expect(logLines.some((line) => line.includes('/api/catalogue'))).toBe(true);
  expect(logLines.filter((line) => line.includes('/api/health'))).toEqual([]);
});
