import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { rawBodyRoutes, withoutNul } from '../http/text-guard';
import { applyWhatsappWebhook } from './webhook-events';

const url = '/api/webhooks/whatsapp';

const handshake = z.object({
  'hub.mode': z.literal('subscribe'),
  'hub.verify_token': z.string(),
  'hub.challenge': z.string().min(1).max(200),
});

const sha256 = (value: string) => createHmac('sha256', 'impulso').update(value).digest();

/** HMAC-SHA256 of the raw body with the app secret, as Meta signs it (`sha256=<hex>`), in constant time. */
export function signatureMatches(rawBody: string, header: string, appSecret: string): boolean {
  const expected = `sha256=${createHmac('sha256', appSecret).update(rawBody, 'utf8').digest('hex')}`;
  // Digests of both: equal lengths for timingSafeEqual, whatever was sent.
  return timingSafeEqual(sha256(header), sha256(expected));
}

/**
 * GET /api/webhooks/whatsapp: Meta's handshake (the verify token, answered with the challenge as text).
 * POST: statuses and inbound messages, signed with X-Hub-Signature-256 (401 unsigned, 403 wrong).
 */
export async function whatsappWebhookRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: () => Date; appSecret: string; verifyToken: string },
) {
  // Scoped to this plugin: the signature is over the exact bytes Meta sent.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  rawBodyRoutes.add(url);
  app.get(url, async (request, reply) => {
    const query = handshake.safeParse(request.query);
    if (!query.success || !timingSafeEqual(sha256(query.data['hub.verify_token']), sha256(deps.verifyToken)))
      throw new AppError('forbidden', 'webhook_verification_refused');
    return reply.type('text/plain; charset=utf-8').send(query.data['hub.challenge']);
  });
  app.post(url, { bodyLimit: 512 * 1024 }, async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const header = request.headers['x-hub-signature-256'];
    if (typeof header !== 'string' || header === '')
      throw new AppError('unauthenticated', 'invalid_webhook_signature');
    if (!signatureMatches(raw, header, deps.appSecret))
      throw new AppError('forbidden', 'invalid_webhook_signature');
    let body: unknown = null;
    try {
      body = withoutNul(JSON.parse(raw));
    } catch {
      request.log.warn('WhatsApp webhook: signed but not JSON, ignored');
    }
    await applyWhatsappWebhook(deps.db, body, deps.clock());
    return reply.status(200).send({ received: true });
  });
}
