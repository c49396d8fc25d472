import type { OrderRow, PaymentRow } from '../db/schema';
import { ordersRepo } from '../orders/orders.repo';
import { hasPlaceholderId } from '../payments/attempt-ids';
import { keepsMoneyState, type PaymentState } from '../../shared/payment-states';
import { adoptCharge, settleStrayCharge, type LostAnswerDeps } from '../payments/lost-answers';
import type { ChargeSummary, SubscriptionSummary } from '../payments/payment-provider';
import { paymentsRepo } from '../payments/payments.repo';
import { subscriptionsRepo } from './subscriptions.repo';

const moneyCharge = (s: SubscriptionSummary) => s.charges.find((c) => keepsMoneyState(c.state));

/** The plan found for the order becomes its subscription, and its first charge the attempt's. */
async function adoptPlan(
  deps: LostAnswerDeps,
  order: OrderRow,
  attempt: PaymentRow,
  plan: SubscriptionSummary,
  charge: ChargeSummary,
): Promise<PaymentState> {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const subscription = await subscriptionsRepo.insert(tx, {
      provider: deps.provider.name,
      providerSubscriptionId: plan.providerSubscriptionId,
      planId: order.planId!,
      priceCents: order.totalCents,
      status: 'pending',
      firstOrderId: order.id,
      createdAt: now,
    });
    await ordersRepo.update(tx, order.id, { subscriptionId: subscription.id, updatedAt: now });
  });
  return adoptCharge(deps, attempt, charge);
}

/**
 * The plan version of a lost answer (payments/lost-answers.ts): the provider is asked for the plans it
 * holds for the order. One whose first month took money is adopted as the order's subscription; every
 * other one is ended at the provider (its payable month goes with it) and remembered here as ended, so its
 * late events find it. Null when the provider holds no plan we do not know.
 */
export async function settleLostPlan(
  deps: LostAnswerDeps,
  attempt: PaymentRow,
): Promise<PaymentState | null> {
  const { db, provider, clock } = deps;
  const order = await ordersRepo.findById(db, attempt.orderId);
  if (!order) return null;
  const found: SubscriptionSummary[] = [];
  for (const plan of await provider.findSubscriptions(order.id))
    if (!(await subscriptionsRepo.findByProviderId(db, provider.name, plan.providerSubscriptionId)))
      found.push(plan);
  if (found.length === 0) return null;
  const ownable = hasPlaceholderId(attempt.providerPaymentId)
    ? found.find((plan) => plan.active && moneyCharge(plan))
    : undefined;
  let adopted: PaymentState | null = null;
  for (const plan of found) {
    if (plan === ownable) {
      adopted = await adoptPlan(deps, order, attempt, plan, moneyCharge(plan)!);
      continue;
    }
    if (plan.active) await provider.cancelSubscription(plan.providerSubscriptionId);
    await subscriptionsRepo.insert(db, {
      provider: provider.name,
      providerSubscriptionId: plan.providerSubscriptionId,
      planId: order.planId!,
      priceCents: order.totalCents,
      status: 'cancelled',
      firstOrderId: order.id,
      createdAt: clock(),
      cancelledAt: clock(),
    });
    for (const charge of plan.charges)
      if (keepsMoneyState(charge.state)) await settleStrayCharge(deps, order.id, charge);
  }
  if (adopted) return adopted;
  await paymentsRepo.failOpenAttempt(db, attempt.id, clock());
  return 'failed';
}
