import type { Db, Executor } from '../db/client';
import { newPurchaseCode } from '../../shared/orders';
import type { ProviderCharge } from '../payments/plan-hooks';
import { recordPaymentState, type ConfirmationResult } from '../payments/record-payment-state';
import { planChargesRepo } from './plan-charges.repo';
import { planCancelledReason, subscriptionsRepo } from './subscriptions.repo';
import { enqueue } from '../jobs/job-queue';
import { paymentsRepo } from '../payments/payments.repo';

/**
 * A charge the provider generated for a subscription on its own (every month after the first, ahead of
 * its due day): it gets an order of its own, a copy of the first month's, so the operator fulfils and
 * tracks each month (docs/product.md#plans). Keyed by the provider's payment id, so a redelivered webhook
 * creates nothing new. A PIX month waiting for its money is opened for the buyer (plan-months.ts); a card
 * month is recorded once the card is charged, as before (issue 43).
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
    await db.transaction(async (tx) => {
      await paymentsRepo.update(tx, awaitingPaymentId, {
        providerPaymentId: charge.providerPaymentId,
        status: 'pending',
        updatedAt: now,
      });
      // Its PIX, for the buyer still on the page (issue 43: they were left with nothing to pay).
      if (charge.method === 'pix' && charge.state === 'pending')
        await enqueue(tx, 'plan_month_opened', { paymentId: awaitingPaymentId });
    });
    return recordPaymentState(db, { paymentId: awaitingPaymentId }, charge.state, now);
  }
  const { method } = charge;
  // A card month generated ahead is charged on its due day: it becomes an order when that is reported
  // (paid, or refused: the buyer is asked for another card).
  if (method !== 'pix' && charge.state === 'pending' && !charge.problem) return 'status_recorded';
  const cancelled = subscription.status === 'cancelled';
  const opening = !cancelled && method === 'pix' && charge.state === 'pending';
  // The month, its next due day and its opening for the buyer: together or not at all. A month reported
  // paid with no due day (a card renewal) is one statement: no transaction around it.
  const record = async (tx: Executor) => {
    const opened = await planChargesRepo.insertMonth(
      tx,
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
        whatsappConsentAt: first.whatsappConsentAt,
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
        dueDate: charge.dueDate,
        now,
      },
    );
    if (opened && charge.dueDate) await subscriptionsRepo.chargedUntil(tx, subscription.id, charge.dueDate);
    if (opened && opening) await enqueue(tx, 'plan_month_opened', { paymentId: opened });
  };
  if (opening || charge.dueDate) await db.transaction(record);
  else await record(db);
  return recordPaymentState(db, { provider, providerPaymentId: charge.providerPaymentId }, charge.state, now);
}
