import type { FastifyBaseLogger } from 'fastify';
import { keepsMoneyState } from '../../shared/payment-states';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { withChargeLock } from '../payments/charge-lock';
import { ChargeNotRemovable, type PaymentProvider } from '../payments/payment-provider';
import { paymentsRepo } from '../payments/payments.repo';
import { recordPaymentState } from '../payments/record-payment-state';
import { cancelSubscription } from '../subscriptions/subscriptions.service';
import { updateOrder, type AdminOrderUpdate } from './admin-orders';

interface CancelDeps {
  db: Db;
  provider: PaymentProvider;
  clock: () => Date;
  log: FastifyBaseLogger;
}

/**
 * The operator cancels an unpaid order: its live charge is removed at the provider first (and a plan's
 * subscription ended), under the order's charge lock, so a buyer can no longer pay an order that will
 * not be delivered. A charge paid meanwhile is recorded instead and the cancel refused (409).
 */
export async function cancelUnpaidOrder(
  deps: CancelDeps,
  orderId: string,
  update: AdminOrderUpdate,
  actor: string,
) {
  const { db, provider, clock } = deps;
  return withChargeLock(deps, orderId, async (order) => {
    if (order.paymentStatus === 'unpaid') {
      const latest = await paymentsRepo.latestForOrder(db, order.id);
      if (latest?.status === 'creating') throw new AppError('conflict', 'order_payment_busy');
      if (latest?.status === 'pending') {
        try {
          await provider.cancelCharge(latest.providerPaymentId);
        } catch (error) {
          if (!(error instanceof ChargeNotRemovable)) {
            deps.log.error({ err: error, orderId }, 'charge not removed for the cancel');
            throw new AppError('provider_unavailable', 'service_unavailable');
          }
          const state = await provider.getState(latest.providerPaymentId);
          if (state) await recordPaymentState(db, { paymentId: latest.id }, state, clock());
          if (state && keepsMoneyState(state)) throw new AppError('conflict', 'order_paid_meanwhile');
          throw error;
        }
        await recordPaymentState(db, { paymentId: latest.id }, 'cancelled', clock());
      }
      if (order.subscriptionId) await cancelSubscription(deps, order.subscriptionId);
    }
    return updateOrder(db, orderId, update, actor, clock());
  });
}
