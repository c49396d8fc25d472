import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { rawBodyRoutes } from '../../http/text-guard';
import { takeWebhook, type WebhookDeps } from '../webhook-intake';

const digest = (value: string) => createHash('sha256').update(value).digest();
const url = '/api/webhooks/asaas';

/**
 * POST /api/webhooks/asaas: the token Asaas sends in `asaas-access-token`, compared in constant time (a
 * wrong one is a 401, which Asaas counts against the queue: it means a misconfiguration to alert on).
 * The body is taken raw, so that a malformed one is still kept and answered 200 (webhook-intake.ts).
 */
export async function asaasWebhookRoutes(app: FastifyInstance, deps: WebhookDeps & { token: string }) {
  const expected = digest(deps.token);
  // Scoped to this plugin: the rest of the API keeps its JSON parser.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  rawBodyRoutes.add(url);
  app.post(url, { bodyLimit: 512 * 1024 }, async (request, reply) => {
    const given = request.headers['asaas-access-token'];
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
      throw new AppError('unauthenticated', 'invalid_webhook_token');
    }
    await takeWebhook({ ...deps, log: request.log }, typeof request.body === 'string' ? request.body : '');
    return reply.status(200).send({ received: true });
  });
}
