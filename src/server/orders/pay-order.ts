import { messages } from '../../shared/messages';
import type { NextStep } from '../../shared/schemas/order-view';
import type { OrderRow, PaymentRow } from '../db/schema';
import { AppError } from '../errors';
import { withChargeLock } from '../payments/charge-lock';
import { retireLiveCharge } from '../payments/live-charge';
import type { PaymentAttemptDeps, PaymentChoice } from '../payments/payment-attempt';
import { paymentsRepo } from '../payments/payments.repo';
import { settleOrFailLostAnswer } from '../payments/unknown-attempts';
import { cancelSubscription } from '../subscriptions/subscriptions.service';
import { subscriptionSinks } from '../subscriptions/subscription-sinks';
import { attemptPayment } from './attempt-payment';
import { repriceForMethod } from './order-discounts';
import { checkPaymentChoice } from './order-pricing';
import { isPayable } from './order-view';
import type { OrdersServiceDeps } from './orders-deps';
import { ordersRepo } from './orders.repo';
import { cardCrossesUs, choicePolicy, withInstalments } from './payment-policy';

/**
 * Where the order's newest attempt leaves a new one: a lost answer is looked up first (a charge the
 * provider made after all is adopted or removed, never doubled); one still undecided refuses it.
 */
export async function clearForNewAttempt(
  deps: PaymentAttemptDeps,
  order: OrderRow,
): Promise<PaymentRow | undefined> {
  let latest = await paymentsRepo.latestForOrder(deps.db, order.id);
  if (latest?.status === 'unknown') {
    await settleOrFailLostAnswer({ ...deps, sinks: subscriptionSinks }, latest).catch((err: unknown) =>
      deps.log.warn({ err, orderId: order.id }, 'lost answer not settled'),
    );
    latest = await paymentsRepo.latestForOrder(deps.db, order.id);
  }
  // Still unknown: the provider could not be asked. A card may have been charged (wait for its outcome);
  // nothing else could have been paid, but nothing new is made until the provider answers.
  if (latest?.status === 'unknown' && latest.method === 'credit_card')
    throw new AppError('conflict', 'payment_outcome_unknown');
  if (latest?.status === 'unknown') throw new AppError('provider_unavailable', 'service_unavailable');
  if (latest?.status === 'in_analysis') throw new AppError('conflict', 'payment_in_analysis');
  if (latest?.status === 'creating') throw new AppError('conflict', 'order_payment_busy');
  if ((await ordersRepo.findById(deps.db, order.id))?.paymentStatus === 'paid')
    throw new AppError('conflict', 'order_already_paid', messages.order_already_paid);
  return latest;
}

/**
 * The order's charge (and a plan's subscription) removed at the provider before a new one: one live
 * charge and one live plan per order. A charge paid meanwhile is recorded and the new attempt refused; a
 * provider that cannot be reached refuses it too, with the method's own message.
 */
export async function retireForNewAttempt(
  deps: PaymentAttemptDeps,
  order: OrderRow,
  method: PaymentChoice['paymentMethod'],
): Promise<void> {
  try {
    await retireLiveCharge(deps, order.id);
    if (order.subscriptionId) await cancelSubscription(deps, order.subscriptionId, 'replaced');
  } catch (error) {
    if (error instanceof AppError) throw error;
    deps.log.error({ err: error, orderId: order.id }, 'live charge not removed');
    throw method === 'pix'
      ? new AppError('provider_unavailable', 'pix_failed', messages.pix_failed)
      : new AppError('provider_unavailable', 'card_processing_failed', messages.card_processing_failed);
  }
}

/**
 * A new payment attempt for a stored, unpaid order (a declined card, an abandoned page, an expired PIX:
 * that order is reopened), made under the order's charge lock: a double tap or a retrying client gets
 * 409 while the first is under way, and the order read under the lock decides. The order's live charge
 * is removed at the provider first; the PIX discount follows the method now chosen.
 */
export async function payOrder(
  deps: OrdersServiceDeps,
  orderId: string,
  requested: PaymentChoice,
  remoteIp: string,
): Promise<{ payment: PaymentRow; next: NextStep }> {
  const { db, clock, limits } = deps;
  return withChargeLock(deps, orderId, async (found) => {
    const choice = withInstalments(requested, found.service === 'recurring');
    if (found.paymentStatus === 'paid')
      throw new AppError('conflict', 'order_already_paid', messages.order_already_paid);
    if (!isPayable(found)) throw new AppError('conflict', 'order_not_payable', messages.order_not_payable);
    await clearForNewAttempt(deps, found);
    checkPaymentChoice(choice, {
      ...choicePolicy(deps),
      hasAddress: Boolean(found.address),
      hasCpf: found.cpf !== '',
      recurring: found.service === 'recurring',
    });
    if (cardCrossesUs(deps, choice)) await limits.cardAttempt(remoteIp, found.id);
    await retireForNewAttempt(deps, found, choice.paymentMethod);
    let order = await repriceForMethod(deps, found, choice.paymentMethod);
    if (order.status === 'cancelado') {
      await ordersRepo.update(db, order.id, { status: 'pendente', cancelReason: null, updatedAt: clock() });
      order = { ...order, status: 'pendente', cancelReason: null };
    }
    return attemptPayment(deps, order, choice, remoteIp);
  });
}
