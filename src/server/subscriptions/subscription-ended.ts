import type { Db } from '../db/client';
import { enqueue } from '../jobs/job-queue';
import { subscriptionsRepo } from './subscriptions.repo';

/**
 * The provider says a subscription is over (Asaas SUBSCRIPTION_DELETED / SUBSCRIPTION_INACTIVATED): it
 * ends here too, so no month is delivered without a charge behind it. One the operator cancelled is
 * already over here; one the provider ended on its own is news to the owner, alerted once.
 */
export async function endSubscriptionHere(
  db: Db,
  provider: string,
  providerSubscriptionId: string,
  reason: string,
  now: Date,
): Promise<void> {
  const subscription = await subscriptionsRepo.findByProviderId(db, provider, providerSubscriptionId);
  if (!subscription || subscription.status === 'cancelled') return;
  await db.transaction(async (tx) => {
    if (await subscriptionsRepo.markCancelled(tx, subscription.id, now, 'provider'))
      await enqueue(tx, 'subscription_ended_alert', { subscriptionId: subscription.id, reason });
  });
}
