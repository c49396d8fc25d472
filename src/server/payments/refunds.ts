import { messages } from '../../shared/messages';
import { formatBRL } from '../../shared/money';
import type { RefundState } from '../../shared/payment-states';
import type { Db } from '../db/client';
import type { RefundRow } from '../db/schema';
import { AppError } from '../errors';
import { ordersRepo } from '../orders/orders.repo';
import { orderHistoryRepo } from '../orders/order-history.repo';
import { isRefusedRequest, type PaymentProvider } from './payment-provider';
import { paymentsRepo } from './payments.repo';
import { ProviderBusy } from './provider-busy';
import { applyRefundState, lookUpRefund } from './refund-states';
import { refundsRepo } from './refunds.repo';

export interface RefundRequest {
  orderId: string;
  /** Omitted: everything not refunded yet. */
  amountCents?: number | undefined;
  reason: string;
  idempotencyKey: string;
  actor: string;
}

type RefundDeps = { db: Db; provider: PaymentProvider; clock: () => Date };

/** The refund recorded before the provider is asked (one per Idempotency-Key), or the one recorded already. */
async function recordRefund(db: Db, request: RefundRequest) {
  return db.transaction(async (tx) => {
    // The order's lock first: a second click with the same key waits here, then finds the first refund.
    const order = await ordersRepo.findById(tx, request.orderId, { forUpdate: true });
    if (!order) throw new AppError('not_found', 'order_not_found', messages.order_not_found);
    const existing = await refundsRepo.findByKey(tx, request.idempotencyKey);
    if (existing) return { refund: existing, fresh: false } as const;
    const payment = await paymentsRepo.paidForOrder(tx, order.id);
    if (order.paymentStatus !== 'paid' || !payment) throw new AppError('conflict', 'not_refundable');
    const left = payment.amountCents - (await refundsRepo.committedCents(tx, order.id));
    const amount = request.amountCents ?? left;
    if (amount <= 0 || amount > left) throw new AppError('invalid_input', 'refund_amount_invalid');
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
    await orderHistoryRepo.record(tx, {
      orderId: order.id,
      actor: request.actor,
      field: 'reembolso',
      oldValue: null,
      newValue: `${formatBRL(amount)} pedido: ${request.reason}`,
      at: refund.createdAt,
    });
    const charge = {
      providerPaymentId: payment.providerPaymentId,
      installmentPlanId: payment.providerInstallmentId,
    };
    return { refund, fresh: true, charge, whole: amount === payment.amountCents } as const;
  });
}

/**
 * The operator's "Reembolsar": the refund is recorded first (one per Idempotency-Key, so a double click
 * refunds once), then asked of the provider, whole or in part (a card in instalments through its plan).
 * The order says reembolsado only on the provider's word. A refused request (4xx) refunded nothing; a
 * lost answer is looked up, never shown as a refusal and never asked again blindly (refund-states.ts).
 */
export async function requestRefund(deps: RefundDeps, request: RefundRequest): Promise<RefundRow> {
  const { db, provider } = deps;
  const recorded = await recordRefund(db, request);
  if (!recorded.fresh) return recorded.refund;
  const { refund, charge } = recorded;
  let state: RefundState | null;
  try {
    state = await provider.refund(charge, {
      ...(recorded.whole ? {} : { amountCents: refund.amountCents }),
      reference: refund.id,
    });
  } catch (error) {
    const message = (error as Error).message.slice(0, 300);
    // Asked to wait (a 429): nothing was refunded, and the provider did not refuse the refund itself.
    if (error instanceof ProviderBusy) {
      await refundsRepo.update(db, refund.id, { status: 'failed', lastError: message });
      throw new AppError('provider_unavailable', 'provider_busy');
    }
    if (isRefusedRequest(error)) {
      await refundsRepo.update(db, refund.id, { status: 'failed', lastError: message });
      throw new AppError('provider_unavailable', 'refund_failed', `${messages.refund_failed} ${message}`);
    }
    await refundsRepo.update(db, refund.id, { status: 'unknown', lastError: message });
    state = await lookUpRefund(deps, { ...refund, status: 'unknown' }, charge).catch(() => null);
  }
  if (state) await applyRefundState(deps, refund, state);
  return (await refundsRepo.findById(db, refund.id)) ?? refund;
}
