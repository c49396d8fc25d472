import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../shared/messages';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { enqueue } from '../jobs/job-queue';
import type { PaymentProvider } from '../payments/payment-provider';
import { planViewOf } from './plan-view';
import { cancelSubscription } from './subscriptions.service';
import { subscriptionsRepo } from './subscriptions.repo';

/**
 * "Cancelar plano" (issue 43), from /order/{id} of any of the plan's months or from Minha conta, with the
 * order's proof (orders/order-proof.ts, passed in by the composition root; the account's session is one).
 * The buyer's wish is recorded first; the provider is asked at once and, when it cannot be reached, again
 * by a job until it answers: the plan ends, the buyer is told by e-mail and the owner too. The months
 * already paid run to their end.
 */
export async function planRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    provider: PaymentProvider;
    clock: () => Date;
    proveOrder: (
      request: FastifyRequest,
      orderId: string,
    ) => Promise<{ order: { subscriptionId: string | null }; orderToken: string }>;
  },
) {
  const { db, clock } = deps;
  app.post<{ Params: { id: string } }>('/api/orders/:id/plan/cancel', async (request, reply) => {
    const { order, orderToken } = await deps.proveOrder(request, request.params.id);
    const subscriptionId = order.subscriptionId;
    if (!subscriptionId) throw new AppError('not_found', 'plan_not_found', messages.plan_not_found);
    await subscriptionsRepo.intendBuyerCancel(db, subscriptionId);
    try {
      await cancelSubscription({ db, provider: deps.provider, clock }, subscriptionId, 'buyer');
    } catch (error) {
      if (error instanceof AppError) throw error;
      request.log.warn({ err: error, subscriptionId }, 'plan cancel: the provider will be asked again');
      await enqueue(db, 'cancel_intended_plan', { subscriptionId });
    }
    return reply
      .header('cache-control', 'no-store')
      .send({ plan: await planViewOf(db, subscriptionId), orderToken });
  });
}
