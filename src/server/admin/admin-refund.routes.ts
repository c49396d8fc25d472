import type { FastifyRequest } from 'fastify';
import { adminRefundSchema, type AdminRefund } from '../../shared/schemas/admin';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { validate } from '../http/validate';
import { ordersRepo } from '../orders/orders.repo';
import type { PaymentProvider } from '../payments/payment-provider';
import { requestRefund } from '../payments/refunds';
import { refundsRepo } from '../payments/refunds.repo';
import { cancelSubscription } from '../subscriptions/subscriptions.service';
import type { AdminRoute } from './admin-route';

const keyPattern = /^[A-Za-z0-9_-]{8,100}$/;

const toAdminRefund = (r: Awaited<ReturnType<typeof refundsRepo.listForOrder>>[number]): AdminRefund => ({
  id: r.id,
  amountCents: r.amountCents,
  full: r.full,
  reason: r.reason,
  status: r.status,
  actor: r.actor,
  createdAt: r.createdAt.toISOString(),
  lastError: r.lastError,
});

/**
 * "Reembolsar" (docs/product.md#refunds): the panel sends an Idempotency-Key per refund form, so a double
 * click refunds once.
 */
export function refundAdminRoutes(
  deps: { db: Db; provider: PaymentProvider; clock: () => Date },
  orderId: (request: FastifyRequest) => string,
): AdminRoute[] {
  return [
    {
      method: 'GET',
      url: '/api/admin/orders/:id/refunds',
      handler: async (request, reply) =>
        reply
          .header('cache-control', 'no-store')
          .send({ refunds: (await refundsRepo.listForOrder(deps.db, orderId(request))).map(toAdminRefund) }),
    },
    {
      method: 'POST',
      url: '/api/admin/orders/:id/refunds',
      handler: async (request, reply, admin) => {
        const key = request.headers['idempotency-key'];
        if (typeof key !== 'string' || !keyPattern.test(key))
          throw new AppError('invalid_input', 'idempotency_key_missing');
        const body = validate(adminRefundSchema, request.body);
        const id = orderId(request);
        const order = await ordersRepo.findById(deps.db, id);
        // A plan refunded whole (the 7-day guarantee) ends its subscription first: no new month is charged.
        if (order?.subscriptionId && body.amountCents === undefined)
          await cancelSubscription(deps, order.subscriptionId);
        const refund = await requestRefund(deps, {
          orderId: id,
          amountCents: body.amountCents,
          reason: body.reason,
          idempotencyKey: key,
          actor: admin.email,
        });
        return reply.status(201).send({ refund: toAdminRefund(refund) });
      },
    },
  ];
}
