import { keepsMoneyState, type PaymentState } from '../../shared/payment-states';
import type { Db } from '../db/client';
import type { PaymentRow } from '../db/schema';
import { enqueue } from '../jobs/job-queue';
import { hasPlaceholderId } from './attempt-ids';
import { ChargeNotRemovable, type ChargeSummary, type PaymentProvider } from './payment-provider';
import { paymentsRepo } from './payments.repo';
import { recordPaymentState } from './record-payment-state';

export interface LostAnswerDeps {
  db: Db;
  provider: PaymentProvider;
  clock: () => Date;
}

/** The provider's answer to an attempt was lost (a timeout, a cut, a 5xx after it acted): it says so. */
export async function markAnswerLost(db: Db, attempt: PaymentRow, now: Date): Promise<PaymentRow> {
  return paymentsRepo.update(db, attempt.id, { status: 'unknown', answerLostAt: now, updatedAt: now });
}

/** The attempt learns the provider's id of a charge found for it, and the charge's state is recorded. */
export async function adoptCharge(
  deps: Pick<LostAnswerDeps, 'db' | 'clock'>,
  attempt: PaymentRow,
  charge: { providerPaymentId: string; state: PaymentState; installmentPlanId: string | null },
): Promise<PaymentState> {
  await paymentsRepo.update(deps.db, attempt.id, {
    providerPaymentId: charge.providerPaymentId,
    providerInstallmentId: charge.installmentPlanId,
    updatedAt: deps.clock(),
  });
  await recordPaymentState(deps.db, { paymentId: attempt.id }, charge.state, deps.clock());
  return charge.state;
}

/**
 * A charge of the order we had no row for. Payable: removed at the provider (nobody was shown it). Paid:
 * recorded as a charge of its own, so the money is never missed (the order is paid by it, or flagged as
 * paid twice).
 */
export async function settleStrayCharge(deps: LostAnswerDeps, orderId: string, charge: ChargeSummary) {
  const { db, provider, clock } = deps;
  let state = charge.state;
  if (state === 'pending') {
    try {
      await provider.cancelCharge(charge.providerPaymentId);
      return;
    } catch (error) {
      if (!(error instanceof ChargeNotRemovable)) throw error;
      state = (await provider.getState(charge.providerPaymentId)) ?? state;
    }
  }
  if (!keepsMoneyState(state)) return;
  const row = await paymentsRepo.insertUnlessKnown(db, {
    orderId,
    provider: provider.name,
    providerPaymentId: charge.providerPaymentId,
    providerInstallmentId: charge.installmentPlanId,
    method: charge.method,
    status: 'pending',
    amountCents: charge.amountCents,
    createdAt: clock(),
    updatedAt: clock(),
  });
  if (row) await recordPaymentState(db, { paymentId: row.id }, state, clock());
}

/**
 * The order's charges at the provider that we have no row for: one per card plan (its other instalments
 * follow the plan's first), a plan's monthly charges left to the plan.
 */
export async function unknownChargesOf(deps: LostAnswerDeps, orderId: string): Promise<ChargeSummary[]> {
  const ours = await paymentsRepo.listForOrder(deps.db, orderId);
  const known = new Set(ours.flatMap((p) => [p.providerPaymentId, p.providerInstallmentId ?? '']));
  const plans = new Set<string>();
  return (await deps.provider.findCharges(orderId)).filter((c) => {
    if (known.has(c.providerPaymentId) || c.providerSubscriptionId) return false;
    if (!c.installmentPlanId) return true;
    if (known.has(c.installmentPlanId) || plans.has(c.installmentPlanId)) return false;
    plans.add(c.installmentPlanId);
    return true;
  });
}

/**
 * Asks the provider what it made for a one-time order whose answer was lost, and settles it: a charge
 * that took money (or may, in analysis) is adopted by the attempt; the others still payable are removed;
 * the attempt failed when nothing kept money. Null when the provider holds nothing we do not know.
 */
export async function settleLostCharge(
  deps: LostAnswerDeps,
  attempt: PaymentRow,
): Promise<PaymentState | null> {
  const found = await unknownChargesOf(deps, attempt.orderId);
  if (found.length === 0) return null;
  const ownable = hasPlaceholderId(attempt.providerPaymentId)
    ? found.find((c) => keepsMoneyState(c.state))
    : undefined;
  const adopted = ownable ? await adoptCharge(deps, attempt, ownable) : null;
  for (const charge of found) if (charge !== ownable) await settleStrayCharge(deps, attempt.orderId, charge);
  if (adopted) return adopted;
  await paymentsRepo.failOpenAttempt(deps.db, attempt.id, deps.clock());
  return 'failed';
}

/**
 * Nothing was charged after all (a card's unknown outcome past its grace). The checkout told the buyer
 * not to pay again and to wait for an e-mail: this is that e-mail, queued with the change so it leaves
 * once.
 */
export async function failUnknownCard(db: Db, attempt: PaymentRow, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    if (await paymentsRepo.failUnknown(tx, attempt.id, now))
      await enqueue(tx, 'card_not_charged_email', { orderId: attempt.orderId });
  });
}
