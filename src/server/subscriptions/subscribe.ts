import { messages } from '../../shared/messages';
import { addMonths, saoPauloDay } from '../../shared/dates';
import type { NextStep } from '../../shared/schemas/order-view';
import { AppError } from '../errors';
import { ordersRepo } from '../orders/orders.repo';
import type { PaymentAttemptDeps } from '../payments/payment-attempt';
import { recordPaymentState } from '../payments/record-payment-state';
import { isRefusedRequest, type SubscriptionRequest } from '../payments/payment-provider';
import { markAnswerLost } from '../payments/lost-answers';
import { pixDeadlineOf, pixExpiresAt } from '../payments/pix-expiry';
import { subscriptionsRepo } from './subscriptions.repo';
import { queuePlanInvoiceSettings } from '../invoices/plan-invoice-settings';
import { settleLostPlan } from './lost-plans';
import { paymentsRepo } from '../payments/payments.repo';
import type { OrderRow, PaymentRow } from '../db/schema';

/**
 * A monthly plan (docs/product.md): the provider subscription is created with the first month's order
 * already stored; its first charge pays that order, later charges get orders of their own. A plan order
 * paid again had its old subscription ended first, under the order's charge lock (orders/pay-order.ts).
 */
export async function subscribe(
  deps: PaymentAttemptDeps,
  order: OrderRow,
  attempt: PaymentRow,
  request: SubscriptionRequest,
): Promise<{ payment: PaymentRow; next: NextStep }> {
  const { db, provider, clock } = deps;
  const failure =
    request.method === 'pix'
      ? new AppError('provider_unavailable', 'pix_failed', messages.pix_failed, { orderId: order.id })
      : new AppError('provider_unavailable', 'card_processing_failed', messages.card_processing_failed, {
          orderId: order.id,
        });
  let result;
  try {
    result = await provider.createSubscription(request);
  } catch (error) {
    deps.log.error({ err: error, orderId: order.id }, 'subscription failed');
    return settleFailedSubscribe(deps, order, attempt, request, error, failure);
  }
  const { firstCharge, providerSubscriptionId } = result;
  if (firstCharge?.outcome === 'declined' || !providerSubscriptionId) {
    await paymentsRepo.update(db, attempt.id, { status: 'declined', updatedAt: clock() });
    throw new AppError(
      'payment_declined',
      'card_declined',
      (firstCharge?.outcome === 'declined' && firstCharge.message) || messages.card_failed,
      {
        orderId: order.id,
      },
    );
  }

  const payment = await db.transaction(async (tx) => {
    const subscription = await subscriptionsRepo.insert(tx, {
      provider: provider.name,
      providerSubscriptionId,
      planId: order.planId!,
      priceCents: order.totalCents,
      // Active once its first month is paid (order-paid.ts).
      status: 'pending',
      firstOrderId: order.id,
      createdAt: clock(),
      // Charged from today, monthly: the provider's next charge is a month away.
      nextDueDate: addMonths(saoPauloDay(clock()), 1),
    });
    await ordersRepo.update(tx, order.id, { subscriptionId: subscription.id, updatedAt: clock() });
    await queuePlanInvoiceSettings(tx, subscription.id, provider.name);
    // No first charge yet: the provider's PAYMENT_CREATED webhook attaches it to this payment.
    if (!firstCharge)
      return paymentsRepo.update(tx, attempt.id, { status: 'awaiting_charge', updatedAt: clock() });
    return paymentsRepo.update(tx, attempt.id, {
      providerPaymentId: firstCharge.providerPaymentId,
      status: 'pending',
      pixPayload: firstCharge.pix?.payload ?? null,
      pixImageBase64: firstCharge.pix?.imageBase64 ?? null,
      // The shop's own deadline, as for any PIX: an unpaid first month ends the plan (pix-expiry.ts).
      expiresAt: firstCharge.pix
        ? pixExpiresAt(firstCharge.pix.expiresAt, pixDeadlineOf(clock(), deps.pixExpiryMinutes))
        : null,
      checkoutUrl: firstCharge.checkoutUrl,
      updatedAt: clock(),
    });
  });

  if (!firstCharge) return { payment, next: 'thanks' };
  await recordPaymentState(db, { paymentId: payment.id }, firstCharge.state, clock());
  if (firstCharge.state === 'paid') return { payment: { ...payment, status: 'paid' }, next: 'success' };
  return {
    payment: { ...payment, status: firstCharge.state },
    next: request.method === 'pix' ? 'pix' : firstCharge.checkoutUrl ? 'redirect' : 'thanks',
  };
}

/**
 * The subscription's creation failed. Refused (a 4xx): nothing was made. Otherwise the answer may have
 * been lost after the provider made the plan: it is looked up (lost-plans.ts) and adopted when its first
 * month took money, ended otherwise; a card whose plan cannot be found yet stays unknown (no new attempt
 * until it is), a PIX's failed (nobody was shown its code).
 */
async function settleFailedSubscribe(
  deps: PaymentAttemptDeps,
  order: OrderRow,
  attempt: PaymentRow,
  request: SubscriptionRequest,
  error: unknown,
  failure: AppError,
): Promise<{ payment: PaymentRow; next: NextStep }> {
  const { db, clock } = deps;
  if (isRefusedRequest(error)) {
    await paymentsRepo.failOpenAttempt(db, attempt.id, clock());
    throw failure;
  }
  const lost = await markAnswerLost(db, attempt, clock());
  const state = await settleLostPlan(deps, lost).catch(() => undefined);
  if (state === 'paid') return { payment: { ...lost, status: state }, next: 'success' };
  if (state === 'in_analysis') return { payment: { ...lost, status: state }, next: 'thanks' };
  // Only a card given here may have been charged unseen; nobody was shown a PIX code or a card page.
  const cardHere = request.method === 'credit_card' && request.card !== undefined;
  if (state === null && !cardHere) await paymentsRepo.failOpenAttempt(db, attempt.id, clock());
  if (cardHere && (state === null || state === undefined))
    throw new AppError('provider_unavailable', 'card_outcome_unknown', messages.card_outcome_unknown, {
      orderId: order.id,
    });
  throw failure;
}
