import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { SubscriptionSinks } from '../payment-confirmation';
import { webhookEventsRepo } from '../webhook-events.repo';
import { applyAsaasEvent, parseAsaasWebhook } from './asaas-webhook';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * POST /api/webhooks/asaas (reference §1.11): token in `asaas-access-token`, compared in constant time;
 * the event is stored by id first (a redelivery is a no-op), then applied; the answer is a plain 200.
 */
export async function asaasWebhookRoutes(
  app: FastifyInstance,
  deps: { db: Db; token: string; clock: () => Date; sinks: SubscriptionSinks },
) {
  const expected = digest(deps.token);
  app.post('/api/webhooks/asaas', { bodyLimit: 512 * 1024 }, async (request, reply) => {
    const given = request.headers['asaas-access-token'];
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
      throw new AppError('unauthenticated', 'invalid_webhook_token');
    }
    const event = parseAsaasWebhook(request.body);
    if (!event) throw new AppError('invalid_input', 'invalid_webhook');
    const now = deps.clock();
    const isNew = await webhookEventsRepo.insertIfNew(deps.db, {
      id: event.id,
      provider: 'asaas',
      type: event.type,
      payload: event.payload,
      receivedAt: now,
    });
    if (isNew) {
      try {
        await applyAsaasEvent(deps.db, event, now, deps.sinks);
      } catch (err) {
        // Stored already: the reconciliation job applies it later. Asaas must still get its 200.
        request.log.error({ err, eventId: event.id }, 'webhook stored but not applied');
      }
    }
    return reply.status(200).send({ received: true });
  });
}
