import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { recordPaymentState } from './record-payment-state';
import { sandboxCheckoutHtml } from './sandbox-checkout-page';
import { paymentsRepo } from './payments.repo';
import type { SubscriptionChargeSink } from './plan-hooks';
import { ordersRepo } from '../orders/orders.repo';
import { subscriptionsRepo } from '../subscriptions/subscriptions.repo';
import { isId } from '../../shared/schemas/ids';
import { z } from 'zod';
import { addDays, saoPauloDay } from '../../shared/dates';
import { validate } from '../http/validate';

const nextMonthSchema = z.object({
  paid: z.boolean().default(true),
  dueInDays: z.number().int().min(-60).max(60).default(3),
});
const overdueSchema = z.object({ days: z.number().int().min(1).max(60) });

/** Registered only while the sandbox provider is active (docs/payments.md): 'Simular pagamento'. */
export async function sandboxRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    clock: () => Date;
    shopName: string;
    onSubscriptionCharge: SubscriptionChargeSink;
    proveOrder: (request: FastifyRequest, orderId: string) => Promise<unknown>;
  },
) {
  // The hosted page a debit-card (or CARD_CHECKOUT=hosted) buyer is sent to (the real provider's invoice page in production).
  app.get<{ Params: { id: string } }>('/sandbox/checkout/:id', async (request, reply) => {
    const payment = await paymentsRepo.findByProviderId(deps.db, 'sandbox', request.params.id);
    if (!payment) throw new AppError('not_found', 'payment_not_found');
    return reply.type('text/html; charset=utf-8').send(
      sandboxCheckoutHtml({
        providerPaymentId: payment.providerPaymentId,
        amountCents: payment.amountCents,
        shopName: deps.shopName,
        method: payment.method,
      }),
    );
  });

  // The hosted page's plain HTML form; its fields are not needed.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, _body, done) => done(null, {}),
  );
  app.post<{ Params: { id: string } }>('/sandbox/checkout/:id/pay', async (request, reply) => {
    const payment = await paymentsRepo.findByProviderId(deps.db, 'sandbox', request.params.id);
    if (!payment) throw new AppError('not_found', 'payment_not_found');
    await recordPaymentState(deps.db, { paymentId: payment.id }, 'paid', deps.clock());
    return reply.redirect(`/success?order_id=${payment.orderId}`, 303);
  });

  app.post<{ Params: { id: string } }>('/api/sandbox/payments/:id/confirm', async (request, reply) => {
    const { id } = request.params;
    const result = isId(id)
      ? await recordPaymentState(deps.db, { paymentId: id }, 'paid', deps.clock())
      : 'unknown_payment';
    if (result === 'unknown_payment') throw new AppError('not_found', 'payment_not_found');
    return reply.send({ result });
  });

  // An open PIX at its deadline now, as if PIX_EXPIRY_MINUTES had passed: the expiry poller then removes
  // it and cancels the order on its next look, the path a buyer who never pays takes, without the wait.
  app.post<{ Params: { id: string } }>('/api/sandbox/payments/:id/deadline', async (request, reply) => {
    const { id } = request.params;
    const payment = isId(id) ? await paymentsRepo.findById(deps.db, id) : undefined;
    if (payment?.method !== 'pix' || payment.status !== 'pending')
      throw new AppError('not_found', 'payment_not_found');
    // Cancelling someone's order early is a write on it (issue 42 §3).
    await deps.proveOrder(request, payment.orderId);
    const { expiresAt } = await paymentsRepo.update(deps.db, id, { expiresAt: deps.clock() });
    return reply.send({ expiresAt });
  });

  // A plan's next month as a real provider makes it on its own and reports it by webhook (the sandbox has
  // none): paid (a card renewal), or `{ "paid": false }` a PIX month due in `dueInDays` (3 by default)
  // that the buyer is asked to pay (issue 43). A charge after the plan was cancelled can be watched too.
  app.post<{ Params: { id: string } }>('/api/sandbox/orders/:id/next-month', async (request, reply) => {
    const { id } = request.params;
    const { paid, dueInDays } = validate(nextMonthSchema, request.body ?? {});
    const order = isId(id) ? await ordersRepo.findById(deps.db, id) : undefined;
    const plan = order?.subscriptionId && (await subscriptionsRepo.findById(deps.db, order.subscriptionId));
    if (!order || !plan || plan.provider !== 'sandbox') throw new AppError('not_found', 'order_not_found');
    await deps.proveOrder(request, order.id);
    const method = order.paymentMethod === 'pix' ? 'pix' : 'credit_card';
    const result = await deps.onSubscriptionCharge(
      deps.db,
      'sandbox',
      {
        providerPaymentId: `sandbox_pay_${randomUUID()}`,
        providerSubscriptionId: plan.providerSubscriptionId,
        state: paid ? 'paid' : 'pending',
        method: paid ? method : 'pix',
        dueDate: addDays(saoPauloDay(deps.clock()), paid ? 0 : dueInDays),
        problem: null,
      },
      deps.clock(),
    );
    return reply.send({ result });
  });

  // A plan's PIX month as if its due day were `days` earlier: the plan follow-up then pauses or ends the
  // plan as it would that many days after the due day, without the wait (as "deadline" does for a PIX).
  app.post<{ Params: { id: string } }>('/api/sandbox/payments/:id/overdue', async (request, reply) => {
    const { id } = request.params;
    const { days } = validate(overdueSchema, request.body ?? {});
    const payment = isId(id) ? await paymentsRepo.findById(deps.db, id) : undefined;
    if (payment?.status !== 'pending' || !payment.dueDate)
      throw new AppError('not_found', 'payment_not_found');
    await deps.proveOrder(request, payment.orderId);
    const dueDate = addDays(payment.dueDate, -days);
    await paymentsRepo.update(deps.db, id, { dueDate, updatedAt: deps.clock() });
    return reply.send({ dueDate });
  });
}
