import { randomUUID } from 'node:crypto';
import { initialStatus, newPayment, removePayment } from './fake-asaas-charges';
import { subscriptionRefusal } from './fake-asaas-rules';
import {
  bad,
  emit,
  emitSubscription,
  notFound,
  ok,
  saoPauloDate,
  type Answer,
  type FakeState,
  type FakeSubscription,
} from './fake-asaas-state';

// Subscriptions (Asaas API v3, 'Criar nova assinatura', 'Recuperar uma única assinatura', 'Remover
// assinatura'), and the months Asaas generates for them.

type Body = Record<string, unknown>;

/** The subscription as Asaas answers it (the card it keeps is not part of the answer). */
export const subscriptionView = (subscription: FakeSubscription) => ({
  object: 'subscription',
  id: subscription.id,
  status: subscription.status,
  billingType: subscription.billingType,
  value: subscription.value,
  cycle: subscription.cycle,
  nextDueDate: subscription.nextDueDate,
  customer: subscription.customer,
  externalReference: subscription.externalReference,
  deleted: subscription.deleted === true,
});

export function createSubscription(state: FakeState, body: Body): Answer {
  const refused = subscriptionRefusal(state, body);
  if (refused) return bad(refused.code, refused.description);
  const id = `sub_${randomUUID().replace(/-/g, '').slice(0, 14)}`;
  const card = body.creditCard as { number?: string } | undefined;
  const subscription: FakeSubscription = {
    id,
    status: 'ACTIVE',
    billingType: String(body.billingType),
    value: Number(body.value),
    cycle: String(body.cycle),
    nextDueDate: String(body.nextDueDate),
    customer: String(body.customer),
    externalReference: String(body.externalReference ?? ''),
    ...(card?.number ? { cardNumber: card.number } : {}),
  };
  state.subscriptions.set(id, subscription);
  // The first charge exists as soon as the subscription does; with the card, it is paid.
  newPayment(state, {
    customer: subscription.customer,
    billingType: subscription.billingType,
    status: initialStatus(state, body),
    value: subscription.value,
    dueDate: subscription.nextDueDate,
    subscription: id,
  });
  return ok(subscriptionView(subscription));
}

/** GET and DELETE /subscriptions/{id}; null for other methods. */
export function subscriptionRoute(state: FakeState, method: string, id: string): Answer | null {
  const subscription = state.subscriptions.get(id);
  if (method === 'GET')
    return subscription ? ok(subscriptionView(subscription)) : notFound('Assinatura não encontrada.');
  if (method !== 'DELETE') return null;
  if (!subscription) return notFound('Assinatura não encontrada.');
  if (subscription.deleted)
    return state.deletedChargeAnswer === 200
      ? ok({ deleted: true, id })
      : notFound('Assinatura não encontrada.');
  // Its charges not yet paid are removed too, each with PAYMENT_DELETED.
  for (const p of state.payments.values())
    if (p.subscription === id && !p.deleted && ['PENDING', 'OVERDUE'].includes(p.status))
      removePayment(state, p);
  subscription.status = 'INACTIVE';
  subscription.deleted = true;
  emitSubscription(state, 'SUBSCRIPTION_DELETED', subscription);
  return ok({ deleted: true, id });
}

/** The next month of a subscription, as Asaas generates it; a card it cannot charge is refused. */
export function renew(state: FakeState, subscriptionId: string, options: { captureRefused?: boolean } = {}) {
  const subscription = state.subscriptions.get(subscriptionId);
  if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
  const byCard = subscription.billingType === 'CREDIT_CARD';
  const payment = newPayment(state, {
    customer: subscription.customer,
    billingType: subscription.billingType,
    status: byCard && !options.captureRefused ? 'CONFIRMED' : 'PENDING',
    value: subscription.value,
    dueDate: saoPauloDate(state.clock()),
    subscription: subscription.id,
  });
  if (byCard && options.captureRefused) emit(state, 'PAYMENT_CREDIT_CARD_CAPTURE_REFUSED', payment);
  return payment;
}

/** Asaas ends a subscription on its own (its charges all failed, say): not removed, only inactive. */
export function inactivate(state: FakeState, subscriptionId: string) {
  const subscription = state.subscriptions.get(subscriptionId);
  if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
  subscription.status = 'INACTIVE';
  emitSubscription(state, 'SUBSCRIPTION_INACTIVATED', subscription);
}
