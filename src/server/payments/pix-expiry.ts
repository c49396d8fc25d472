import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { enqueue } from '../jobs/job-queue';
import { ordersRepo } from '../orders/orders.repo';
import { recordProviderStatus } from './payment-confirmation';
import type { PaymentProvider } from './payment-provider';
import { paymentsRepo } from './payments.repo';

// An unpaid PIX expires (DECISIONS 27): Asaas keeps a due-dated PIX payable for months, so the shop
// removes the charge itself after PIX_EXPIRY_MINUTES and cancels the order; one reminder e-mail before.

/** The earlier of the provider's own expiry and the shop's deadline. */
export function pixDeadline(providerExpiry: Date, now: Date, expiryMinutes: number): Date {
  const ours = new Date(now.getTime() + expiryMinutes * 60_000);
  return providerExpiry < ours ? providerExpiry : ours;
}

/** Poller (each job tick): hands expired PIX charges to `expire_pix` and due reminders to their e-mail. */
export async function queuePixDeadlines(db: Db, now: Date, reminderMinutes: number): Promise<void> {
  await db.transaction(async (tx) => {
    for (const { id } of await paymentsRepo.claimExpiredPix(tx, now, 100))
      await enqueue(tx, 'expire_pix', { paymentId: id });
    const issuedBefore = new Date(now.getTime() - reminderMinutes * 60_000);
    for (const { id } of await paymentsRepo.claimPixReminders(tx, now, issuedBefore, 100))
      await enqueue(tx, 'pix_reminder_email', { paymentId: id });
  });
}

/**
 * Removes an expired PIX at the provider, then marks it expired and cancels its order (reason: expired)
 * when it was the order's live charge. If the provider will not remove it, it was most likely paid in the
 * meantime: its status is asked for and recorded instead (a late payment is honoured).
 */
export async function expirePix(
  deps: { db: Db; provider: PaymentProvider; clock: () => Date; log: FastifyBaseLogger },
  paymentId: string,
): Promise<void> {
  const { db, provider, clock } = deps;
  const payment = await paymentsRepo.findById(db, paymentId);
  if (payment?.status !== 'PENDING') return;
  try {
    await provider.cancelCharge(payment.providerPaymentId);
  } catch (error) {
    const status = await provider.getStatus(payment.providerPaymentId);
    if (status && status !== 'PENDING') {
      await recordProviderStatus(db, { paymentId }, status, clock());
      return;
    }
    throw error;
  }
  await db.transaction(async (tx) => {
    const current = await paymentsRepo.findById(tx, paymentId, { forUpdate: true });
    if (current?.status !== 'PENDING') return;
    const order = await ordersRepo.findById(tx, current.orderId, { forUpdate: true });
    const now = clock();
    await paymentsRepo.updateStatus(tx, current.id, 'EXPIRED', now);
    const latest = order && (await paymentsRepo.latestForOrder(tx, order.id));
    if (order?.paymentStatus === 'unpaid' && order.status === 'pendente' && latest?.id === current.id)
      await ordersRepo.update(tx, order.id, { status: 'cancelado', cancelReason: 'expired', updatedAt: now });
  });
  deps.log.info({ paymentId, orderId: payment.orderId }, 'PIX expired and removed at the provider');
}
