import type { Db } from '../db/client';
import { AppError } from '../errors';
import type { PaymentProvider } from '../payments/payment-provider';
import { subscriptionsRepo } from './subscriptions.repo';

/**
 * Cancels a plan at the provider, then here (the operator's action; buyers ask on WhatsApp,
 * docs/product.md#plans).
 */
export async function cancelSubscription(
  deps: { db: Db; provider: PaymentProvider; clock: () => Date },
  subscriptionId: string,
): Promise<void> {
  const subscription = await subscriptionsRepo.findById(deps.db, subscriptionId);
  if (!subscription) throw new AppError('not_found', 'subscription_not_found');
  if (subscription.status === 'cancelled') return;
  await deps.provider.cancelSubscription(subscription.providerSubscriptionId);
  await subscriptionsRepo.markCancelled(deps.db, subscription.id, deps.clock());
}
