import type { Db } from '../db/client';
import { newPurchaseCode } from '../../shared/orders';
import type { ProviderCharge } from '../payments/plan-hooks';
import { recordPaymentState, type ConfirmationResult } from '../payments/record-payment-state';
import { planChargesRepo } from './plan-charges.repo';
import { planCancelledReason } from './subscriptions.repo';
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
  const found = await planChargesRepo.findPlan(db, provider, charge.providerSubscriptionId);
  if (!found) return 'unknown_payment';
  const { subscription, first, awaitingPaymentId } = found;
  // The provider generated the first month's charge after answering: it belongs to the first order.
  if (awaitingPaymentId) {
    await paymentsRepo.update(db, awaitingPaymentId, {
      providerPaymentId: charge.providerPaymentId,
      status: 'pending',
      updatedAt: now,
    });
    return recordPaymentState(db, { paymentId: awaitingPaymentId }, charge.state, now);
  }
  const { method } = charge;
  const cancelled = subscription.status === 'cancelled';
  await planChargesRepo.insertMonth(
    db,
    {
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
      // A charge of a plan cancelled here (the provider charged it anyway, or it was paid late): its month
      // is recorded, never lost, but cancelled, so its money is flagged and nothing is delivered.
      status: cancelled ? 'cancelado' : 'pendente',
      cancelReason: cancelled ? planCancelledReason : null,
      paymentStatus: 'unpaid',
      paymentMethod: method,
      installments: 1,
      subscriptionId: subscription.id,
      // The buyer's account sees every month on /dashboard, as the first.
      userId: first.userId,
      idempotencyKey: `${provider}:${charge.providerPaymentId}`,
      requestHash: 'subscription-charge',
      createdAt: now,
      updatedAt: now,
    },
    {
      provider,
      providerPaymentId: charge.providerPaymentId,
      method,
      amountCents: subscription.priceCents,
      now,
    },
  );
  return recordPaymentState(db, { provider, providerPaymentId: charge.providerPaymentId }, charge.state, now);
}
