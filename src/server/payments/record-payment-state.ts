import {
  moneyTakenStates,
  nextPaymentState,
  removedStates,
  type PaymentState,
} from '../../shared/payment-states';
import type { Db } from '../db/client';
import type { PaymentRow } from '../db/schema';
import { enqueue } from '../jobs/job-queue';
import { ordersRepo } from '../orders/orders.repo';
import { orderHistoryRepo } from '../orders/order-history.repo';
import { countOrder } from '../metrics/order-counts';
import { markOrderPaid } from './order-paid';
import { paymentsRepo } from './payments.repo';
import { confirmFullRefund } from './refund-confirmation';

export type ConfirmationResult = 'transitioned' | 'already_paid' | 'status_recorded' | 'unknown_payment';

export type PaymentLookup = { paymentId: string } | { provider: string; providerPaymentId: string };

/**
 * Records where one of our charges stands and what follows from it, once (webhooks, polls, answers and
 * the sandbox report the same charge any number of times, in any order; row locks serialise them): the
 * money arriving makes the order paid through the one door (order-paid.ts), a full refund confirmed
 * refunds it, a chargeback flags it. Money that arrives for an order another charge paid already is
 * flagged for the owner: the buyer paid twice.
 */
export async function recordPaymentState(
  db: Db,
  find: PaymentLookup,
  reported: PaymentState,
  now: Date,
  /** Who reports it, for the order's history, when not the provider: the operator's "Simular pagamento". */
  actor?: string,
): Promise<ConfirmationResult> {
  const committed: Array<{ event: 'paid' | 'refunded'; method: string }> = [];
  const result = await db.transaction(async (tx) => {
    if (actor) await orderHistoryRepo.actAs(tx, actor);
    const payment: PaymentRow | undefined =
      'paymentId' in find
        ? await paymentsRepo.findById(tx, find.paymentId, { forUpdate: true })
        : await paymentsRepo.findByProviderId(tx, find.provider, find.providerPaymentId, { forUpdate: true });
    if (!payment) return 'unknown_payment';
    const order = await ordersRepo.findById(tx, payment.orderId, { forUpdate: true });
    if (!order) return 'unknown_payment';

    const next = nextPaymentState(payment.status, reported);
    if (next !== payment.status) await paymentsRepo.updateStatus(tx, payment.id, next, now);
    if (next === 'refunded' && order.paymentStatus === 'paid') {
      await confirmFullRefund(tx, order, now);
      committed.push({ event: 'refunded', method: order.paymentMethod });
      return 'status_recorded';
    }
    if (next === 'chargeback' && order.paymentFlag !== 'chargeback') {
      await ordersRepo.update(tx, order.id, { paymentFlag: 'chargeback', updatedAt: now });
      await enqueue(tx, 'chargeback_alert', { orderId: order.id });
      return 'status_recorded';
    }
    if (next !== 'paid') return 'status_recorded';
    // A refund denied or a dispute won: the money stayed, the order was paid by this charge already.
    if (moneyTakenStates.has(payment.status)) return 'already_paid';
    if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') {
      await ordersRepo.update(tx, order.id, { paymentFlag: 'pago_em_duplicidade', updatedAt: now });
      await enqueue(tx, 'payment_flag_alert', { orderId: order.id, flag: 'pago_em_duplicidade' });
      return 'status_recorded';
    }
    const transitioned = await markOrderPaid(
      tx,
      order,
      {
        paymentId: payment.id,
        method: payment.method,
        removedAs: removedStates.has(payment.status) ? payment.status : null,
      },
      now,
    );
    if (!transitioned) return 'already_paid';
    committed.push({ event: 'paid', method: payment.method });
    return 'transitioned';
  });
  for (const { event, method } of committed) countOrder(db, event, method);
  return result;
}
