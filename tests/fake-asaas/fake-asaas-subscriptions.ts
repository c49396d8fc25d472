import { randomUUID } from 'node:crypto';
import { initialStatus, newPayment, removePayment } from './fake-asaas-charges';
import { subscriptionRefusal } from './fake-asaas-rules';
import { addDays, addMonths } from '#shared/dates.ts';
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

/**
 * Asaas generates a subscription's charges ahead of their due days: "about 40 days before" ('Assinaturas',
 * FAQ), so a monthly plan's second month exists right after its first. A card's first month is charged at
 * once; the others wait for their due day (`renew`).
 */
const generatedAheadDays = 40;

function generateAhead(state: FakeState, subscription: FakeSubscription, firstCard: boolean) {
  const horizon = addDays(saoPauloDate(state.clock()), generatedAheadDays);
  let first = !charges(state, subscription.id).length;
  while (subscription.nextDueDate <= horizon) {
    newPayment(state, {
      customer: subscription.customer,
      billingType: subscription.billingType,
      status: first && firstCard ? initialStatus(state, { creditCard: true }) : 'PENDING',
      value: subscription.value,
      dueDate: subscription.nextDueDate,
      subscription: subscription.id,
    });
    first = false;
    subscription.nextDueDate = addMonths(subscription.nextDueDate, 1);
  }
}

const charges = (state: FakeState, subscriptionId: string) =>
  [...state.payments.values()].filter((p) => p.subscription === subscriptionId);

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
  // The answer shows the subscription's first due day, as it was asked for.
  const answer = ok(subscriptionView(subscription));
  if (!state.subscriptionChargesLate) generateAhead(state, subscription, Boolean(card?.number));
  return answer;
}

/** The charges of a subscription made "late" (subscriptionChargesLate): now, with PAYMENT_CREATED. */
export function generateSubscriptionCharges(state: FakeState, subscriptionId: string) {
  const subscription = state.subscriptions.get(subscriptionId);
  if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
  generateAhead(state, subscription, subscription.cardNumber !== undefined);
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

/**
 * The next month of a subscription comes due: its charge, generated ahead, is charged on the card (or its
 * capture refused), or stays PENDING for the PIX buyer to pay; the month after is generated ahead.
 */
export function renew(state: FakeState, subscriptionId: string, options: { captureRefused?: boolean } = {}) {
  const subscription = state.subscriptions.get(subscriptionId);
  if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
  const due = charges(state, subscriptionId)
    .filter((p) => p.status === 'PENDING' && !p.deleted)
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate))[0];
  if (!due) throw new Error(`no month to renew in ${subscriptionId}`);
  if (subscription.billingType === 'CREDIT_CARD') {
    if (options.captureRefused) emit(state, 'PAYMENT_CREDIT_CARD_CAPTURE_REFUSED', due);
    else {
      due.status = 'CONFIRMED';
      emit(state, 'PAYMENT_CONFIRMED', due);
    }
  }
  generateAhead(state, subscription, false);
  return due;
}

/** Asaas ends a subscription on its own (its charges all failed, say): not removed, only inactive. */
export function inactivate(state: FakeState, subscriptionId: string) {
  const subscription = state.subscriptions.get(subscriptionId);
  if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
  subscription.status = 'INACTIVE';
  emitSubscription(state, 'SUBSCRIPTION_INACTIVATED', subscription);
}
