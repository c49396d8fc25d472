import type { Db } from '../db/client';
import { AppError } from '../errors';
import type { PaymentProvider } from '../payments/payment-provider';
import { subscriptionsRepo } from './subscriptions.repo';
import { enqueue } from '../jobs/job-queue';
import type { PlanEndReason } from '../../shared/plan-status';

/**
 * Cancels a plan at the provider, then here: the operator's action, the buyer's (docs/product.md#plans),
 * a month left unpaid. The provider's removal is idempotent (one removed already counts as removed), so a
 * lost answer is settled by asking again.
 */
export async function cancelSubscription(
  deps: { db: Db; provider: PaymentProvider; clock: () => Date },
  subscriptionId: string,
  reason: PlanEndReason = 'operator',
): Promise<boolean> {
  const subscription = await subscriptionsRepo.findById(deps.db, subscriptionId);
  if (!subscription) throw new AppError('not_found', 'subscription_not_found');
  if (subscription.status === 'cancelled') return false;
  await deps.provider.cancelSubscription(subscription.providerSubscriptionId);
  // Ended here with the buyer's e-mail (and the owner's word, when it was not the owner's doing) queued.
  return deps.db.transaction(async (tx) => {
    const ended = await subscriptionsRepo.markCancelled(tx, subscription.id, deps.clock(), reason);
    if (ended) await enqueue(tx, 'plan_cancelled', { subscriptionId: subscription.id });
    return ended;
  });
}
