import type { SubscriptionSinks } from '../payments/plan-hooks';
import { recordSubscriptionCharge } from './subscription-charges';
import { endSubscriptionHere } from './subscription-ended';
import { settleLostPlan } from './lost-plans';

/** What the payment side hands to subscriptions: a month's charge, the end of a plan (ADR 015). */
export const subscriptionSinks: SubscriptionSinks = {
  onSubscriptionCharge: recordSubscriptionCharge,
  onSubscriptionEnded: endSubscriptionHere,
  settleLostPlan,
};
