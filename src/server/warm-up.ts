import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics/metrics';

/**
 * A new instance sends itself health checks before it listens (ADR 040): its request path (Fastify, the
 * hooks, the pg driver) is then compiled, and, `concurrency` at a time, every pool connection is open and
 * has run a query. Without it the first half second of a 1,000 orders/s burst on a fresh instance queued
 * for up to 600 ms (docs/benchmarks.md). They are not traffic: the request histogram starts empty after them
 * (and health checks are logged only when they fail).
 */
export async function warmUp(
  server: FastifyInstance,
  metrics: Metrics,
  options: { requests: number; concurrency: number },
): Promise<void> {
  const concurrency = Math.max(1, options.concurrency);
  for (let sent = 0; sent < options.requests; sent += concurrency) {
    await Promise.all(
      Array.from({ length: concurrency }, () => server.inject({ method: 'GET', url: '/api/health' })),
    );
  }
  metrics.http.reset();
}
