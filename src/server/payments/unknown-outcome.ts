import type { Db } from '../db/client';
import type { PaymentRow } from '../db/schema';
import { enqueue } from '../jobs/job-queue';
import { recordProviderStatus } from './payment-confirmation';
import type { PaymentProvider } from './payment-provider';
import { paymentsRepo } from './payments.repo';

/** How long an attempt may stay unknown before, with nothing found at the provider, it counts as failed. */
export const unknownGraceMs = 30 * 60_000;

/**
 * A card charge whose answer was lost (timeout, 5xx, connection cut after sending) may exist at the
 * provider (issue 12): it is looked up by the order's externalReference, and a charge we do not know yet
 * is adopted by the attempt and its status recorded — a captured payment is never missed, and never
 * charged twice. Returns the adopted status, or null when the provider holds no such charge.
 */
export async function settleUnknownAttempt(
  deps: { db: Db; provider: PaymentProvider; clock: () => Date },
  attempt: PaymentRow,
): Promise<string | null> {
  const { db, provider } = deps;
  const charges = await provider.findCharges(attempt.orderId);
  const known = new Set(
    (await paymentsRepo.listForOrder(db, attempt.orderId)).map((p) => p.providerPaymentId),
  );
  const found = charges.find((c) => !known.has(c.providerPaymentId) && c.billingType !== 'PIX');
  if (!found) return null;
  return adoptCharge(deps, attempt, found);
}

/** The attempt takes the provider's id (it had a placeholder) and the status is recorded. */
export async function adoptCharge(
  deps: { db: Db; clock: () => Date },
  attempt: PaymentRow,
  charge: { providerPaymentId: string; status: string; installmentPlanId: string | null },
): Promise<string> {
  const { providerPaymentId, status, installmentPlanId } = charge;
  await paymentsRepo.update(deps.db, attempt.id, {
    providerPaymentId,
    providerInstallmentId: installmentPlanId,
    status: 'PENDING',
    updatedAt: deps.clock(),
  });
  await recordProviderStatus(deps.db, { paymentId: attempt.id }, status, deps.clock());
  return status;
}

/** No request holds an attempt `CREATING` longer than this (provider timeouts are seconds). */
export const abandonedAfterMs = 2 * 60_000;

/** Reconciliation's part: unknown attempts are looked up again; after the grace period, none found → failed. */
export async function settleUnknownAttempts(
  deps: { db: Db; provider: PaymentProvider; clock: () => Date },
  limit: number,
): Promise<number> {
  const now = deps.clock();
  const { db, provider } = deps;
  await paymentsRepo.abandonStaleCreating(db, provider.name, new Date(now.getTime() - abandonedAfterMs), now);
  let settled = 0;
  for (const attempt of await paymentsRepo.claimUnknown(deps.db, deps.provider.name, now, limit)) {
    const status = await settleUnknownAttempt(deps, attempt).catch(() => undefined);
    if (status) settled++;
    else if (status === null && now.getTime() - attempt.createdAt.getTime() > unknownGraceMs)
      await failUnknownAttempt(db, attempt, now);
  }
  return settled;
}

/**
 * Nothing was charged after all. The checkout told the buyer not to pay again and to wait for an e-mail
 * (card_outcome_unknown): this is that e-mail, queued with the change so it leaves once.
 */
async function failUnknownAttempt(db: Db, attempt: PaymentRow, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    if (await paymentsRepo.failUnknown(tx, attempt.id, now))
      await enqueue(tx, 'card_not_charged_email', { orderId: attempt.orderId });
  });
}
