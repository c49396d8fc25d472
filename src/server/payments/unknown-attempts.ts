import type { PaymentState } from '../../shared/payment-states';
import type { PaymentRow } from '../db/schema';
import { ordersRepo } from '../orders/orders.repo';
import { chargeLockMs } from './charge-lock';
import { failUnknownCard, settleLostCharge, type LostAnswerDeps } from './lost-answers';
import { paymentsRepo } from './payments.repo';
import { paymentClaimsRepo } from './payment-claims.repo';
import type { SubscriptionSinks } from './plan-hooks';

export type SettleDeps = LostAnswerDeps & { sinks: SubscriptionSinks };

/** How long a card attempt may stay unknown before, with nothing found at the provider, it counts as failed. */
export const unknownGraceMs = 30 * 60_000;

/** How long after a lost answer the order's charges at the provider are looked through again. */
export const strayWatchMs = 60 * 60_000;

/**
 * Before anything new is tried after a lost answer, the provider is asked what it did: a plan's or a
 * one-time charge's lookup (lost-answers.ts, subscriptions/lost-plans.ts).
 */
export async function settleLostAnswer(deps: SettleDeps, attempt: PaymentRow): Promise<PaymentState | null> {
  const order = await ordersRepo.findById(deps.db, attempt.orderId);
  return order?.service === 'recurring'
    ? deps.sinks.settleLostPlan(deps, attempt)
    : settleLostCharge(deps, attempt);
}

/**
 * The same, and when the provider holds nothing for it: a PIX or a debit page failed (nobody was shown
 * it, nothing can have been paid); a card may still turn up, and waits (null).
 */
export async function settleOrFailLostAnswer(deps: SettleDeps, attempt: PaymentRow) {
  const state = await settleLostAnswer(deps, attempt);
  if (state !== null || attempt.method === 'credit_card') return state;
  await paymentsRepo.failOpenAttempt(deps.db, attempt.id, deps.clock());
  return 'failed';
}

/**
 * Reconciliation's part. Attempts left `creating` past the charge lock's time (their process died
 * during the provider call) lost their answer. Unknown attempts are looked up: nothing found, a PIX or a
 * debit page failed at once (nobody was shown it, nothing can be paid); a card waits out its grace and
 * then failed, with the e-mail its checkout promised. For a while after a lost answer, the order's
 * charges are looked through again, so one the provider made late is removed or, paid, recorded.
 */
export async function settleUnknownAttempts(deps: SettleDeps, limit: number): Promise<number> {
  const { db, provider, clock } = deps;
  const now = clock();
  await paymentClaimsRepo.abandonStaleCreating(
    db,
    provider.name,
    new Date(now.getTime() - chargeLockMs),
    now,
  );
  let settled = 0;
  for (const attempt of await paymentClaimsRepo.claimUnknown(db, provider.name, now, limit)) {
    const state = await settleOrFailLostAnswer(deps, attempt).catch(() => undefined);
    if (state) settled++;
    else if (state === null && now.getTime() - attempt.createdAt.getTime() > unknownGraceMs)
      await failUnknownCard(db, attempt, now);
  }
  const watchedSince = new Date(now.getTime() - strayWatchMs);
  for (const attempt of await paymentClaimsRepo.claimLostAnswers(db, provider.name, now, watchedSince, limit))
    await settleLostAnswer(deps, attempt).catch(() => undefined);
  return settled;
}
