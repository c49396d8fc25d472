import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import { jobsRepo } from '../jobs/jobs.repo';
import { addressList } from './address-list';
import type { Metrics } from './metrics';

const webhookRoutes = '/api/webhooks/';

/** Why a webhook request was refused, from its status (the provider's route decides; we only count). */
function rejection(status: number): string | null {
  if (status < 400) return null;
  if (status === 401 || status === 403) return 'unauthenticated';
  if (status === 413) return 'too_large';
  if (status === 429) return 'rate_limited';
  return status < 500 ? 'invalid' : 'error';
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Who may read GET /metrics: the bearer token (compared in constant time), or a peer whose socket
 * address is listed. The socket's, never request.ip: with TRUST_PROXY that comes from X-Forwarded-For,
 * which anyone can write.
 */
function accessCheck(access: { token: string | undefined; allowFrom: readonly string[] }) {
  const expected = access.token === undefined ? null : digest(access.token);
  const listed = addressList(access.allowFrom);
  return (request: FastifyRequest): boolean => {
    const header = request.headers.authorization;
    if (expected && typeof header === 'string' && header.startsWith('Bearer '))
      return timingSafeEqual(digest(header.slice('Bearer '.length)), expected);
    return listed(request.socket.remoteAddress);
  };
}

/**
 * Every request timed by its route pattern (never the raw URL: ids would make a series each), webhooks
 * counted, and GET /metrics itself (ADR 038). Hooks on the root instance, so they see every route.
 */
/** The methods the shop answers; any other (Node accepts dozens) is one `other`: a label is a series. */
const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const methodLabel = (method: string) => (knownMethods.has(method) ? method : 'other');

export function metricsRoutes(
  server: FastifyInstance,
  deps: {
    metrics: Metrics;
    database: Database;
    clock: () => Date;
    access: { token: string | undefined; allowFrom: readonly string[] };
  },
) {
  const { metrics, database } = deps;
  const allowed = accessCheck(deps.access);
  // A callback hook: no promise per request on the order path.
  server.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    metrics.http.observe(
      { route, method: methodLabel(request.method), status_code: String(status) },
      reply.elapsedTime / 1000,
    );
    if (route.startsWith(webhookRoutes)) {
      const provider = route.slice(webhookRoutes.length);
      metrics.webhooks.received.inc({ provider });
      const reason = rejection(status);
      if (reason) metrics.webhooks.rejected.inc({ provider, reason });
    }
    done();
  });

  /** What is read at scrape time: the job queue (one query) and the database pool. */
  async function refresh(request: FastifyRequest) {
    const pool = database.poolStats();
    metrics.database.max.set(pool.max);
    if (pool.inUse !== undefined) metrics.database.inUse.set(pool.inUse);
    if (pool.waiting !== undefined) metrics.database.waiting.set(pool.waiting);
    const { waiting, oldestWaiting, dead } = metrics.jobs;
    const stats = await jobsRepo.queueStats(database.db, deps.clock()).catch((err: unknown) => {
      // Absent rather than stale: the scrape still answers with the rest.
      request.log.warn({ err }, 'metrics: job queue not read');
      return [];
    });
    for (const gauge of [waiting, oldestWaiting, dead]) gauge.reset();
    for (const row of stats) {
      waiting.set({ kind: row.kind }, row.waiting);
      oldestWaiting.set({ kind: row.kind }, row.oldestSeconds);
      dead.set({ kind: row.kind }, row.dead);
    }
  }

  server.get('/metrics', async (request, reply) => {
    if (!allowed(request)) {
      reply.header('www-authenticate', 'Bearer');
      throw new AppError('unauthenticated', 'metrics_closed');
    }
    await refresh(request);
    return reply
      .header('content-type', metrics.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.text());
  });
}
