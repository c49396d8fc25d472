import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { enqueue } from '../jobs/job-queue';
import { queueWhatsapp } from '../whatsapp/whatsapp-queue.repo';
import { AppError } from '../errors';
import { ordersRepo } from '../orders/orders.repo';
import { withChargeLock } from './charge-lock';
import { subscriptionsRepo } from '../subscriptions/subscriptions.repo';
import { recordPaymentState } from './record-payment-state';
import { ChargeNotRemovable, type PaymentProvider } from './payment-provider';
import { paymentsRepo } from './payments.repo';
import { paymentClaimsRepo } from './payment-claims.repo';

// An unpaid PIX expires (docs/payments.md): a provider keeps a PIX payable for months after its due date,
// so the shop removes the charge itself after PIX_EXPIRY_MINUTES and cancels the order; one reminder
// e-mail before.

/** The shop's deadline for a PIX issued now. */
export const pixDeadlineOf = (now: Date, expiryMinutes: number) =>
  new Date(now.getTime() + expiryMinutes * 60_000);

/** When a PIX stops being payable here: the earlier of the provider's own expiry and the shop's deadline. */
export const pixExpiresAt = (providerExpiry: Date, deadline: Date) =>
  providerExpiry < deadline ? providerExpiry : deadline;

/** Poller (each job tick): hands expired PIX charges to `expire_pix` and due reminders to their e-mail. */
export async function queuePixDeadlines(db: Db, now: Date, reminderMinutes: number): Promise<void> {
  await db.transaction(async (tx) => {
    for (const { id } of await paymentClaimsRepo.claimExpiredPix(tx, now, 100))
      await enqueue(tx, 'expire_pix', { paymentId: id });
    const issuedBefore = new Date(now.getTime() - reminderMinutes * 60_000);
    for (const { id, orderId } of await paymentClaimsRepo.claimPixReminders(tx, now, issuedBefore, 100)) {
      await enqueue(tx, 'pix_reminder_email', { paymentId: id });
      await queueWhatsapp(tx, orderId, 'pix_reminder', { paymentId: id });
    }
  });
}

type ExpiryDeps = { db: Db; provider: PaymentProvider; clock: () => Date; log: FastifyBaseLogger };

/**
 * Removes an expired PIX at the provider, then marks it expired and cancels its order (reason: expired)
 * when it was the order's live charge, under the order's charge lock (a buyer paying again at that moment
 * goes first: the PIX is handed back to the poller). If the provider will not remove it, it was paid in
 * the meantime: its state is asked for and recorded instead (a late payment is honoured).
 */
export async function expirePix(deps: ExpiryDeps, paymentId: string): Promise<void> {
  const payment = await paymentsRepo.findById(deps.db, paymentId);
  if (payment?.status !== 'pending') return;
  try {
    await withChargeLock(deps, payment.orderId, () => expireLocked(deps, paymentId));
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'order_payment_busy')) throw error;
    await paymentsRepo.update(deps.db, paymentId, { expiryQueuedAt: null });
  }
}

async function expireLocked(deps: ExpiryDeps, paymentId: string): Promise<void> {
  const { db, provider, clock } = deps;
  const payment = await paymentsRepo.findById(db, paymentId);
  if (payment?.status !== 'pending') return;
  try {
    await provider.cancelCharge(payment.providerPaymentId);
  } catch (error) {
    if (!(error instanceof ChargeNotRemovable)) throw error;
    const state = await provider.getState(payment.providerPaymentId);
    if (state && state !== 'pending') await recordPaymentState(db, { paymentId }, state, clock());
    return;
  }
  await endUnstartedPlan(deps, payment.orderId);
  await db.transaction(async (tx) => {
    const current = await paymentsRepo.findById(tx, paymentId, { forUpdate: true });
    if (current?.status !== 'pending') return;
    const order = await ordersRepo.findById(tx, current.orderId, { forUpdate: true });
    const now = clock();
    await paymentsRepo.updateStatus(tx, current.id, 'expired', now);
    const latest = order && (await paymentsRepo.latestForOrder(tx, order.id));
    if (order?.paymentStatus === 'unpaid' && order.status === 'pendente' && latest?.id === current.id)
      await ordersRepo.update(tx, order.id, { status: 'cancelado', cancelReason: 'expired', updatedAt: now });
  });
  deps.log.info({ paymentId, orderId: payment.orderId }, 'PIX expired and removed at the provider');
}

/** A plan whose first month was never paid ends with its PIX: the provider would bill it monthly. */
async function endUnstartedPlan(deps: ExpiryDeps, orderId: string): Promise<void> {
  const order = await ordersRepo.findById(deps.db, orderId);
  const plan = order?.subscriptionId && (await subscriptionsRepo.findById(deps.db, order.subscriptionId));
  if (!plan || plan.status !== 'pending') return;
  await deps.provider.cancelSubscription(plan.providerSubscriptionId);
  await subscriptionsRepo.markCancelled(deps.db, plan.id, deps.clock(), 'unpaid');
}
