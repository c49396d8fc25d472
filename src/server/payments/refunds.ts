import { messages } from '../../shared/messages';
import type { Db } from '../db/client';
import type { RefundRow } from '../db/schema';
import { AppError } from '../errors';
import { ordersRepo } from '../orders/orders.repo';
import { recordProviderStatus } from './payment-confirmation';
import { paidProviderStatuses, type PaymentProvider } from './payment-provider';
import { paymentsRepo } from './payments.repo';
import { refundsRepo } from './refunds.repo';
import { confirmPartialRefunds } from './refund-confirmation';

export interface RefundRequest {
  orderId: string;
  /** Omitted: everything not refunded yet. */
  amountCents?: number | undefined;
  reason: string;
  idempotencyKey: string;
  actor: string;
}

/**
 * The operator's "Reembolsar" (DECISIONS 28): the refund is recorded first (one per Idempotency-Key, so
 * a double click refunds once), then asked of the provider. The order says reembolsado only when the
 * provider confirms it: its answer, a webhook or reconciliation.
 */
export async function requestRefund(
  deps: { db: Db; provider: PaymentProvider; clock: () => Date },
  request: RefundRequest,
): Promise<RefundRow> {
  const { db, provider, clock } = deps;
  const recorded = await db.transaction(async (tx) => {
    // The order's lock first: a second click with the same key waits here, then finds the first refund.
    const order = await ordersRepo.findById(tx, request.orderId, { forUpdate: true });
    if (!order) throw new AppError('not_found', 'order_not_found', messages.order_not_found);
    const existing = await refundsRepo.findByKey(tx, request.idempotencyKey);
    if (existing) return { refund: existing, fresh: false };
    const payment = await paymentsRepo.latestForOrder(tx, order.id);
    if (order.paymentStatus !== 'paid' || !payment || !paidProviderStatuses.has(payment.status))
      throw new AppError('conflict', 'not_refundable');
    const left = payment.amountCents - (await refundsRepo.committedCents(tx, order.id));
    const amount = request.amountCents ?? left;
    if (amount <= 0 || amount > left) throw new AppError('invalid_input', 'refund_amount_invalid');
    // A card plan is refunded whole at the provider: a part of it cannot be asked for.
    if (payment.providerInstallmentId && amount !== payment.amountCents)
      throw new AppError('invalid_input', 'refund_installments_whole');
    const refund = await refundsRepo.insert(tx, {
      orderId: order.id,
      paymentId: payment.id,
      amountCents: amount,
      full: amount === left,
      reason: request.reason,
      idempotencyKey: request.idempotencyKey,
      status: 'sending',
      actor: request.actor,
    });
    return {
      refund,
      fresh: true,
      charge: {
        providerPaymentId: payment.providerPaymentId,
        installmentPlanId: payment.providerInstallmentId,
      },
      whole: amount === payment.amountCents,
    };
  });
  if (!recorded.fresh) return recorded.refund;
  const { refund } = recorded;
  let status: string;
  try {
    ({ status } = await provider.refund(recorded.charge!, recorded.whole ? undefined : refund.amountCents));
  } catch (error) {
    await refundsRepo.update(db, refund.id, {
      status: 'failed',
      lastError: (error as Error).message.slice(0, 300),
    });
    throw new AppError(
      'provider_unavailable',
      'refund_failed',
      `${messages.refund_failed} ${(error as Error).message}`,
    );
  }
  await refundsRepo.update(db, refund.id, { status: 'pending' });
  // A full refund the provider reports done (or in progress) is recorded like any status report; a
  // partial one the sandbox answers at once is confirmed by that answer.
  if (refund.full) await recordProviderStatus(db, { paymentId: refund.paymentId }, status, clock());
  else if (status === 'REFUNDED') await confirmPartialRefunds(db, refund.orderId, clock());
  return { ...refund, status: 'pending' };
}
