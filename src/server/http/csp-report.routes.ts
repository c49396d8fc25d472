import type { FastifyInstance } from 'fastify';
import { cspReportSchema } from '../../shared/schemas/csp-report';
import { AppError } from '../errors';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { newViolationsFilter } from './csp-violations';
import { validate } from './validate';

/** Reports per client IP per minute: a page breaking the policy sends a few, a flood is dropped. */
const reportsPerMinute = 30;
export const cspReportPath = '/api/csp-report';

/**
 * POST /api/csp-report (issue 14 §9): the browser's report of something our Content-Security-Policy
 * blocked, logged as a warning so a broken page or an injection attempt shows in the logs: one line per
 * report at most, and a directive and blocked URL once a minute (a broken page reports on every view).
 */
export async function cspReportRoutes(app: FastifyInstance, deps: { rateLimiter: RateLimiter }) {
  const unseen = newViolationsFilter();
  app.addContentTypeParser(
    ['application/csp-report', 'application/reports+json'],
    { parseAs: 'string' },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new AppError('invalid_input', 'invalid_input'), undefined);
      }
    },
  );
  app.post(cspReportPath, { bodyLimit: 16 * 1024 }, async (request, reply) => {
    await deps.rateLimiter.hit(`csp:${deps.rateLimiter.clientKey(request.ip)}`, reportsPerMinute, 60);
    const fresh = unseen(validate(cspReportSchema, request.body));
    if (fresh.length > 0)
      request.log.warn({ csp: fresh[0], violations: fresh.length }, 'content security policy violation');
    return reply.status(204).send();
  });
}
