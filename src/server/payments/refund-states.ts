import type { RefundState } from '../../shared/payment-states';
import type { Db } from '../db/client';
import type { RefundRow } from '../db/schema';
import type { PaymentProvider, RefundableCharge } from './payment-provider';
import { paymentsRepo } from './payments.repo';
import { recordPaymentState } from './record-payment-state';
import { confirmPartialRefunds } from './refund-confirmation';
import { refundsRepo } from './refunds.repo';

type RefundDeps = { db: Db; provider: PaymentProvider; clock: () => Date };

/** How long a refund whose answer was lost may stay unknown before, found nowhere, it counts as failed. */
export const refundGraceMs = 30 * 60_000;

/**
 * What the provider's word about a refund does: done confirms it (a full one refunds the order, through
 * the charge's state; a part is confirmed on the order, which stays paid); taken, or waiting for the
 * owner's authorisation in the provider's panel, marks it (a full one marks the charge, so it is
 * followed); denied or failed frees its money for another refund.
 */
export async function applyRefundState(deps: RefundDeps, refund: RefundRow, state: RefundState) {
  const { db, clock } = deps;
  if (state === 'refunded' && refund.full)
    return recordPaymentState(db, { paymentId: refund.paymentId }, 'refunded', clock());
  if (state === 'refunded') return confirmPartialRefunds(db, refund.orderId, clock());
  await refundsRepo.update(db, refund.id, { status: state });
  if (refund.full && (state === 'pending' || state === 'awaiting_authorisation'))
    await recordPaymentState(db, { paymentId: refund.paymentId }, 'refund_requested', clock());
}

/**
 * Where a refund stands at the provider, or null when the provider holds no trace of it. Ours carry
 * their id in the provider's description; a card plan's refunds carry none, so one of those is found by
 * the amount the plan's refunds add up to beyond the others we asked for.
 */
export async function lookUpRefund(
  deps: RefundDeps,
  refund: RefundRow,
  charge: RefundableCharge,
): Promise<RefundState | null> {
  const items = await deps.provider.findRefunds(charge);
  const ours = items.find((i) => i.reference?.includes(refund.id));
  if (ours) return ours.state;
  if (!charge.installmentPlanId) return null;
  const live = items.filter((i) => i.state !== 'denied');
  const others = (await refundsRepo.listForPayment(deps.db, refund.paymentId))
    .filter((r) => r.id !== refund.id && r.status !== 'failed' && r.status !== 'denied')
    .reduce((n, r) => n + r.amountCents, 0);
  if (live.reduce((n, i) => n + i.amountCents, 0) < others + refund.amountCents) return null;
  return live.every((i) => i.state === 'refunded')
    ? 'refunded'
    : live.some((i) => i.state === 'awaiting_authorisation')
      ? 'awaiting_authorisation'
      : 'pending';
}

/**
 * Reconciliation's part: refunds under way or whose answer was lost are asked about again, a few at a
 * time; one lost and found nowhere after its grace refunded nothing (its money is free again).
 */
export async function followOpenRefunds(deps: RefundDeps, due: Date, limit: number): Promise<void> {
  const now = deps.clock();
  for (const refund of await refundsRepo.claimOpen(deps.db, now, due, limit)) {
    const payment = await paymentsRepo.findById(deps.db, refund.paymentId);
    if (!payment) continue;
    const charge = {
      providerPaymentId: payment.providerPaymentId,
      installmentPlanId: payment.providerInstallmentId,
    };
    const state = await lookUpRefund(deps, refund, charge).catch(() => undefined);
    if (state && state !== refund.status) await applyRefundState(deps, refund, state);
    else if (
      state === null &&
      refund.status === 'unknown' &&
      now.getTime() - refund.createdAt.getTime() > refundGraceMs
    )
      await refundsRepo.update(deps.db, refund.id, {
        status: 'failed',
        lastError: 'O intermediador não registrou este reembolso.',
      });
  }
}
