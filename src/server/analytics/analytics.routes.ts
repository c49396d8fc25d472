import type { FastifyInstance } from 'fastify';
import { analyticsEventSchema } from '../../shared/schemas/analytics-event';
import { validate } from '../http/validate';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import type { CatalogueStore } from '../catalogue/catalogue-store';
import type { Db } from '../db/client';
import { analyticsRepo } from './analytics.repo';
import { leadsRoutes } from './leads.routes';
import { cspReportRoutes } from '../http/csp-report.routes';

export interface AnalyticsRoutesDeps {
  db: Db;
  rateLimiter: RateLimiter;
  eventsPerMinute: number;
  clock: () => Date;
  catalogue: CatalogueStore;
}

/** What browsers report: the funnel's events, the purchase modal's leads, CSP violations. */
export async function analyticsRoutes(app: FastifyInstance, deps: AnalyticsRoutesDeps) {
  await app.register(leadsRoutes, deps);
  await app.register(cspReportRoutes, deps);
  app.post('/api/events', { bodyLimit: 8 * 1024 }, async (request, reply) => {
    await deps.rateLimiter.hit(`events:${deps.rateLimiter.clientKey(request.ip)}`, deps.eventsPerMinute, 60);
    const event = validate(analyticsEventSchema, request.body);
    const userAgent = request.headers['user-agent']?.slice(0, 500) ?? null;
    await analyticsRepo.insert(deps.db, {
      etapa: event.etapa,
      sessionId: event.sessionId ?? null,
      userAgent,
      url: event.url ?? null,
      referrer: event.referrer ?? null,
      createdAt: deps.clock(),
    });
    return reply.status(202).send({ ok: true });
  });
}
