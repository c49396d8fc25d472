import { messages } from '../../shared/messages';
import type { NextStep } from '../../shared/schemas/order-view';
import { AppError } from '../errors';
import { ordersRepo } from '../orders/orders.repo';
import type { PaymentAttemptDeps } from '../payments/payment-attempt';
import { recordProviderStatus } from '../payments/payment-confirmation';
import { paidProviderStatuses, type SubscriptionRequest } from '../payments/payment-provider';
import { subscriptionsRepo } from './subscriptions.repo';
import { cancelSubscription } from './subscriptions.service';
import { paymentsRepo } from '../payments/payments.repo';
import type { OrderRow, PaymentRow } from '../db/schema';

/**
 * A monthly plan (DECISIONS 18): the provider subscription is created with the first month's order
 * already stored; its first charge pays that order, later charges get orders of their own.
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
    // Paying a plan order again replaces its subscription: one live subscription per order (issue 9 §5).
    if (order.subscriptionId) await cancelSubscription(deps, order.subscriptionId);
    result = await provider.createSubscription(request);
  } catch (error) {
    deps.log.error({ err: error, orderId: order.id }, 'subscription failed');
    await paymentsRepo.update(db, attempt.id, { status: 'FAILED', updatedAt: clock() });
    throw failure;
  }
  const { firstCharge, providerSubscriptionId } = result;
  if (firstCharge?.outcome === 'declined' || !providerSubscriptionId) {
    await paymentsRepo.update(db, attempt.id, { status: 'DECLINED', updatedAt: clock() });
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
      status: 'active',
      firstOrderId: order.id,
      createdAt: clock(),
    });
    await ordersRepo.update(tx, order.id, { subscriptionId: subscription.id, updatedAt: clock() });
    // No first charge yet: the provider's PAYMENT_CREATED webhook attaches it to this payment.
    if (!firstCharge)
      return paymentsRepo.update(tx, attempt.id, { status: 'AWAITING_CHARGE', updatedAt: clock() });
    return paymentsRepo.update(tx, attempt.id, {
      providerPaymentId: firstCharge.providerPaymentId,
      status: 'PENDING',
      pixPayload: firstCharge.pix?.payload ?? null,
      pixImageBase64: firstCharge.pix?.imageBase64 ?? null,
      expiresAt: firstCharge.pix?.expiresAt ?? null,
      checkoutUrl: firstCharge.checkoutUrl,
      updatedAt: clock(),
    });
  });

  if (!firstCharge) return { payment, next: 'thanks' };
  if (paidProviderStatuses.has(firstCharge.status)) {
    await recordProviderStatus(db, { paymentId: payment.id }, firstCharge.status, clock());
    return { payment: { ...payment, status: firstCharge.status }, next: 'success' };
  }
  await recordProviderStatus(db, { paymentId: payment.id }, firstCharge.status, clock());
  return {
    payment: { ...payment, status: firstCharge.status },
    next: request.method === 'pix' ? 'pix' : firstCharge.checkoutUrl ? 'redirect' : 'thanks',
  };
}
