import type { Db } from '../db/client';
import { ordersRepo } from '../orders/orders.repo';
import { paidProviderStatuses } from './payment-provider';
import { enqueue } from '../jobs/job-queue';
import { paymentsRepo } from './payments.repo';
import type { PaymentRow } from '../db/schema';
import { createDeliveries } from '../fulfilment/create-deliveries';
import { confirmFullRefund } from './refund-confirmation';

const chargebackStatuses = new Set([
  'CHARGEBACK_REQUESTED',
  'CHARGEBACK_DISPUTE',
  'AWAITING_CHARGEBACK_REVERSAL',
]);

export type ConfirmationResult = 'transitioned' | 'already_paid' | 'status_recorded' | 'unknown_payment';

/** A charge the provider made on its own for a subscription (every month after the first). */
export interface ProviderCharge {
  providerPaymentId: string;
  providerSubscriptionId: string;
  status: string;
  billingType: string;
}

/**
 * Where such a charge goes: subscriptions (above payments) give it an order of its own. Passed in by the
 * composition root, so payments never import subscriptions (ADR 015).
 */
export type SubscriptionChargeSink = (
  db: Db,
  provider: string,
  charge: ProviderCharge,
  now: Date,
) => Promise<ConfirmationResult>;

/** The provider ended a subscription on its own or confirmed our removal (Asaas SUBSCRIPTION_DELETED…). */
export type SubscriptionEndSink = (
  db: Db,
  provider: string,
  providerSubscriptionId: string,
  event: string,
  now: Date,
) => Promise<void>;

/** What payments hand up to subscriptions (ADR 015: passed in, never imported). */
export interface SubscriptionSinks {
  onSubscriptionCharge: SubscriptionChargeSink;
  onSubscriptionEnded: SubscriptionEndSink;
}

/**
 * Records a provider status for one of our payments and, when it means the money arrived, moves the
 * order to paid + processando exactly once (DECISIONS 12): webhooks, polls and the sandbox may report
 * the same payment any number of times, in any order. Row locks serialise concurrent reports.
 */
export async function recordProviderStatus(
  db: Db,
  find: { paymentId: string } | { provider: string; providerPaymentId: string },
  providerStatus: string,
  now: Date,
): Promise<ConfirmationResult> {
  return db.transaction(async (tx) => {
    const payment: PaymentRow | undefined =
      'paymentId' in find
        ? await paymentsRepo.findById(tx, find.paymentId, { forUpdate: true })
        : await paymentsRepo.findByProviderId(tx, find.provider, find.providerPaymentId, { forUpdate: true });
    if (!payment) return 'unknown_payment';
    const order = await ordersRepo.findById(tx, payment.orderId, { forUpdate: true });
    if (!order) return 'unknown_payment';

    const wasPaid = paidProviderStatuses.has(payment.status);
    const isPaid = paidProviderStatuses.has(providerStatus);
    // Monotonic: a paid payment never goes back to pending because of a late, stale report.
    if (payment.status !== providerStatus && !(wasPaid && !isPaid && providerStatus === 'PENDING')) {
      await paymentsRepo.updateStatus(tx, payment.id, providerStatus, now);
    }
    if (providerStatus === 'REFUNDED' && order.paymentStatus === 'paid') {
      await confirmFullRefund(tx, order, now);
      return 'status_recorded';
    }
    // A chargeback: flagged on the order, and the owner alerted once (issue 12).
    if (chargebackStatuses.has(providerStatus) && order.paymentFlag !== 'chargeback') {
      await ordersRepo.update(tx, order.id, { paymentFlag: 'chargeback', updatedAt: now });
      await enqueue(tx, 'chargeback_alert', { orderId: order.id, status: providerStatus });
      return 'status_recorded';
    }
    if (!isPaid) return 'status_recorded';
    if (order.paymentStatus === 'paid') return 'already_paid';

    // Money taken for a cancelled order is still recorded and flagged for the operator (DECISIONS 12). An
    // order cancelled only because its PIX expired is honoured: delivered like any other (DECISIONS 27).
    const cancelled = order.status === 'cancelado';
    const honoured = cancelled && order.cancelReason === 'expired';
    const flag = honoured ? 'pago_apos_expiracao' : cancelled ? 'pago_apos_cancelamento' : order.paymentFlag;
    await ordersRepo.update(tx, order.id, {
      paymentStatus: 'paid',
      paymentMethod: payment.method,
      status: cancelled && !honoured ? order.status : 'processando',
      paymentFlag: flag,
      paidAt: now,
      updatedAt: now,
    });
    // In the same transaction: the e-mail and the deliveries exist exactly when the order became paid. An
    // order paid after the operator cancelled it waits for the operator's decision (flagged above).
    await enqueue(tx, 'payment_confirmed_email', { orderId: order.id });
    if (!cancelled || honoured) await createDeliveries(tx, order, now);
    return 'transitioned';
  });
}
