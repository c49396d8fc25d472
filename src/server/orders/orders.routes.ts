import type { FastifyInstance } from 'fastify';
import { messages } from '../../shared/messages';
import { couponQuoteSchema, createOrderSchema, payOrderSchema } from '../../shared/schemas/checkout';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { AppError } from '../errors';
import { validate } from '../http/validate';
import type { OrdersService } from './orders.service';
import type { Db } from '../db/client';
import { sessionToken, sessionUser } from '../accounts/session';

const idempotencyKeyPattern = /^[A-Za-z0-9_-]{8,100}$/;
/** Coupon checks per client IP per 10 minutes: a buyer tries a few codes, a guesser thousands. */
const couponQuotesPer10Minutes = 20;

export async function ordersRoutes(
  app: FastifyInstance,
  deps: { service: OrdersService; db: Db; clock: () => Date; rateLimiter: RateLimiter },
) {
  const { service } = deps;

  app.post('/api/orders', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || !idempotencyKeyPattern.test(key)) {
      throw new AppError('invalid_input', 'idempotency_key_required', messages.idempotency_key_required);
    }
    const input = validate(createOrderSchema, request.body);
    // Only a request that carries a session cookie pays for the session lookup.
    const user = sessionToken(request) ? await sessionUser(deps.db, request, deps.clock()) : undefined;
    const result = await service.create(input, {
      idempotencyKey: key,
      remoteIp: request.ip,
      userId: user?.id ?? null,
    });
    return reply.status(201).send(result);
  });

  app.post<{ Params: { id: string } }>('/api/orders/:id/payments', async (request, reply) => {
    const choice = validate(payOrderSchema, request.body);
    return reply.status(201).send(await service.pay(request.params.id, choice, request.ip));
  });

  app.post('/api/coupons/quote', async (request, reply) => {
    const key = `coupons:${deps.rateLimiter.clientKey(request.ip)}`;
    await deps.rateLimiter.hit(key, couponQuotesPer10Minutes, 600);
    const quote = await service.quoteCoupon(validate(couponQuoteSchema, request.body));
    return reply.header('cache-control', 'no-store').send(quote);
  });

  app.get<{ Params: { id: string } }>('/api/orders/:id', async (request, reply) =>
    reply.header('cache-control', 'no-store').send(await service.get(request.params.id)),
  );

  // Polled every 4 s by the PIX screen: answers from our database, never from the provider (DECISIONS 17).
  app.get<{ Params: { id: string } }>('/api/orders/:id/payment', async (request, reply) =>
    reply.header('cache-control', 'no-store').send(await service.poll(request.params.id)),
  );
}
