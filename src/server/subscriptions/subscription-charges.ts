import type { Db } from '../db/client';
import { ordersRepo } from '../orders/orders.repo';
import { newPurchaseCode } from '../../shared/orders';
import type { ProviderCharge } from '../payments/plan-hooks';
import { recordPaymentState, type ConfirmationResult } from '../payments/record-payment-state';
import { subscriptionsRepo } from './subscriptions.repo';
import { paymentsRepo } from '../payments/payments.repo';

/**
 * A charge the provider generated for a subscription on its own (every month after the first): it gets
 * an order of its own, a copy of the first month's, so the operator fulfils and tracks each month
 * (docs/product.md#plans). Keyed by the provider's payment id, so a redelivered webhook creates nothing new.
 */
export async function recordSubscriptionCharge(
  db: Db,
  provider: string,
  charge: ProviderCharge,
  now: Date,
): Promise<ConfirmationResult> {
  const subscription = await subscriptionsRepo.findByProviderId(db, provider, charge.providerSubscriptionId);
  if (!subscription) return 'unknown_payment';
  const first = await ordersRepo.findById(db, subscription.firstOrderId);
  if (!first) return 'unknown_payment';
  // The provider generated the first month's charge after answering: it belongs to the first order.
  const waiting = await paymentsRepo.latestForOrder(db, first.id);
  if (waiting?.status === 'awaiting_charge') {
    await paymentsRepo.update(db, waiting.id, {
      providerPaymentId: charge.providerPaymentId,
      status: 'pending',
      updatedAt: now,
    });
    return recordPaymentState(db, { paymentId: waiting.id }, charge.state, now);
  }
  const { method } = charge;
  const order = await ordersRepo.insertUnlessKeyExists(db, {
    purchaseCode: newPurchaseCode(),
    service: 'recurring',
    planId: subscription.planId,
    quantity: 1,
    instagram: first.instagram,
    postLink: null,
    addOns: [],
    addOnLinks: {},
    // Each month as the first: the plan's price, less the coupon it was taken with (docs/coupons.md).
    packageCents: first.packageCents,
    addOnsCents: 0,
    couponCode: first.couponCode,
    couponDiscountCents: first.couponDiscountCents,
    pixDiscountCents: 0,
    totalCents: subscription.priceCents,
    name: first.name,
    email: first.email,
    whatsapp: first.whatsapp,
    cpf: first.cpf,
    companyCnpj: first.companyCnpj,
    companyName: first.companyName,
    address: first.address,
    status: 'pendente',
    paymentStatus: 'unpaid',
    paymentMethod: method,
    installments: 1,
    subscriptionId: subscription.id,
    idempotencyKey: `${provider}:${charge.providerPaymentId}`,
    requestHash: 'subscription-charge',
    createdAt: now,
    updatedAt: now,
  });
  if (order) {
    await paymentsRepo.insert(db, {
      orderId: order.id,
      provider,
      providerPaymentId: charge.providerPaymentId,
      method,
      status: 'pending',
      amountCents: subscription.priceCents,
      createdAt: now,
      updatedAt: now,
    });
  }
  return recordPaymentState(db, { provider, providerPaymentId: charge.providerPaymentId }, charge.state, now);
}
