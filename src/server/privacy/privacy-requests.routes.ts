import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { emailSchema } from '../../shared/schemas/lead';
import { validate } from '../http/validate';
import type { AdminRoute } from '../admin/admin-route';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import type { PrivacyRequests } from './privacy-requests';

const requestSchema = z.object({ email: emailSchema, action: z.enum(['export', 'erase']) });
const tokenSchema = z.object({ token: z.string().min(20).max(100) });

/** The operator's side: start a request for a guest buyer's e-mail, and see the recent ones. */
export function privacyAdminRoutes(requests: PrivacyRequests): AdminRoute[] {
  return [
    {
      method: 'GET',
      url: '/api/admin/privacy-requests',
      handler: async (_request, reply) =>
        reply.header('cache-control', 'no-store').send({ requests: await requests.list() }),
    },
    {
      method: 'POST',
      url: '/api/admin/privacy-requests',
      handler: async (request, reply, admin) => {
        const { email, action } = validate(requestSchema, request.body);
        await requests.request(email, action, admin.email);
        return reply.status(201).send({ ok: true });
      },
    },
  ];
}

/** The buyer's side: the link's page reads what is asked, then confirms it (token in the body, not the URL). */
export async function privacyConfirmRoutes(
  app: FastifyInstance,
  deps: { requests: PrivacyRequests; rateLimiter: RateLimiter },
) {
  const limit = (ip: string) => deps.rateLimiter.hit(`privacy:${deps.rateLimiter.clientKey(ip)}`, 30, 900);
  app.post('/api/privacy-requests/describe', async (request, reply) => {
    await limit(request.ip);
    const { token } = validate(tokenSchema, request.body);
    return reply.header('cache-control', 'no-store').send(await deps.requests.describe(token));
  });
  app.post('/api/privacy-requests/confirm', async (request, reply) => {
    await limit(request.ip);
    const { token } = validate(tokenSchema, request.body);
    return reply.header('cache-control', 'no-store').send(await deps.requests.confirm(token));
  });
}
