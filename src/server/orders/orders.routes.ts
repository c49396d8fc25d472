import type { FastifyInstance } from 'fastify';
import { messages } from '../../shared/messages';
import { couponQuoteSchema, createOrderSchema, payOrderSchema } from '../../shared/schemas/checkout';
import { AppError } from '../errors';
import { validate } from '../http/validate';
import type { OrdersService } from './orders.service';
import type { Db } from '../db/client';
import { sessionToken } from '../accounts/session';
import { signedIn } from '../accounts/signed-in';
import { standInsRepo } from '../accounts/stand-ins.repo';
import { orderTokenLifetimes, type OrderAccess } from './order-capability';
import type { OrderProof } from './order-proof';
import { buyerInvoiceRoutes } from '../invoices/buyer-invoice.routes';

const idempotencyKeyPattern = /^[A-Za-z0-9_-]{8,100}$/;

export async function ordersRoutes(
  app: FastifyInstance,
  deps: {
    service: OrdersService;
    db: Db;
    clock: () => Date;
    access: OrderAccess;
    proof: OrderProof;
  },
) {
  const { service } = deps;

  app.post('/api/orders', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || !idempotencyKeyPattern.test(key)) {
      throw new AppError('invalid_input', 'idempotency_key_required', messages.idempotency_key_required);
    }
    const input = validate(createOrderSchema, request.body);
    // Only a request that carries a session cookie pays for the session lookup.
    const who = sessionToken(request) ? await signedIn(deps.db, request, deps.clock()) : undefined;
    const result = await service
      .create(input, {
        idempotencyKey: key,
        remoteIp: request.ip,
        userId: who?.kind === 'account' ? who.user.id : null,
      })
      .catch((error: unknown) => {
        // A charge that failed after the order was stored: the checkout pays that order again, and
        // needs the proof for it (ADR 026).
        const orderId = error instanceof AppError ? error.details?.orderId : undefined;
        if (!(error instanceof AppError) || typeof orderId !== 'string') throw error;
        const orderToken = deps.access.token(orderId, orderTokenLifetimes.session);
        throw new AppError(error.kind, error.code, error.message, { ...error.details, orderToken });
      });
    if (who?.kind === 'standIn') await standInsRepo.addOrder(deps.db, who.standIn.id, result.order.id);
    // The browser that placed the order may change it (pay again, fix a link) for a day (ADR 026).
    const orderToken = deps.access.token(result.order.id, orderTokenLifetimes.session);
    return reply.status(201).send({ ...result, orderToken });
  });

  // A new charge retires the live one: the order id alone must not do that (ADR 026).
  app.post<{ Params: { id: string } }>('/api/orders/:id/payments', async (request, reply) => {
    const { orderToken } = await deps.proof.require(request, request.params.id);
    const choice = validate(payOrderSchema, request.body);
    return reply
      .status(201)
      .send({ ...(await service.pay(request.params.id, choice, request.ip)), orderToken });
  });

  app.post('/api/coupons/quote', async (request, reply) => {
    const quote = await service.quoteCoupon(validate(couponQuoteSchema, request.body), request.ip);
    return reply.header('cache-control', 'no-store').send(quote);
  });

  // Without proof, what a stranger holding the link may see (ADR 041); with it, a fresh token too, so a
  // page proved by the account's session writes without asking for the code.
  app.get<{ Params: { id: string } }>('/api/orders/:id', async (request, reply) => {
    const answer = await service.get(request.params.id, (order) => deps.proof.sees(request, order));
    if (!answer.proved) return reply.header('cache-control', 'no-store').send(answer);
    const token = (id: string) => deps.access.token(id, orderTokenLifetimes.session);
    // A plan's month waiting for its money is paid on its own page: whoever proves one month proves it.
    const open = answer.plan?.openMonth;
    const plan = open && { ...answer.plan!, openMonth: { ...open, orderToken: token(open.orderId) } };
    return reply
      .header('cache-control', 'no-store')
      .send({ ...answer, ...(plan ? { plan } : {}), orderToken: token(answer.order.id) });
  });

  // "Ver pedido completo": the code the buyer typed becomes the tab's token, so the page shows what only
  // the buyer sees (the code, the PIX to pay) and writes without asking again (ADR 041).
  app.post<{ Params: { id: string } }>('/api/orders/:id/access', async (request, reply) =>
    reply.header('cache-control', 'no-store').send(await deps.proof.unlock(request, request.params.id)),
  );

  await app.register(buyerInvoiceRoutes, { db: deps.db, clock: deps.clock, proof: deps.proof });

  // Polled every 4 s by the PIX screen: answers from our database, never from the provider
  // (docs/product.md#payment-confirmation).
  app.get<{ Params: { id: string } }>('/api/orders/:id/payment', async (request, reply) =>
    reply.header('cache-control', 'no-store').send(await service.poll(request.params.id)),
  );
}
