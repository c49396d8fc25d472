import type { Db, Executor } from '../db/client';
import type { OrderRow } from '../db/schema';
import { cancelRefundedDeliveries } from '../fulfilment/cancel-deliveries';
import { cancelInvoiceOnRefund } from '../invoices/cancel-invoice';
import { enqueue } from '../jobs/job-queue';
import { queueWhatsapp } from '../whatsapp/whatsapp-queue.repo';
import { ordersRepo } from '../orders/orders.repo';
import { refundsRepo } from './refunds.repo';

// What the provider's word about a refund does, inside the caller's transaction where it has one.

/**
 * A full refund confirmed: the refunds are done, deliveries not sent yet are cancelled (a plan's running
 * components stopped), the NFS-e too (ADR 033), the buyer told.
 */
export async function confirmFullRefund(tx: Executor, order: OrderRow, now: Date) {
  await ordersRepo.update(tx, order.id, { paymentStatus: 'refunded', updatedAt: now });
  const confirmed = await refundsRepo.confirmOpen(tx, order.id, true, now);
  await cancelRefundedDeliveries(tx, order.id, now);
  await cancelInvoiceOnRefund(tx, order.id);
  const amountCents = confirmed.reduce((n, r) => n + r.amountCents, 0) || order.totalCents;
  await enqueue(tx, 'refund_email', { orderId: order.id, amountCents });
  await queueWhatsapp(tx, order, 'refund', { amountCents: String(amountCents) });
}

/** Partial refunds confirmed (a part returned): the order stays paid. */
export async function confirmPartialRefunds(db: Db, orderId: string, now: Date) {
  await db.transaction(async (tx) => {
    for (const refund of await refundsRepo.confirmOpen(tx, orderId, false, now)) {
      await enqueue(tx, 'refund_email', { orderId, amountCents: refund.amountCents });
      await queueWhatsapp(tx, orderId, 'refund', { amountCents: String(refund.amountCents) });
    }
  });
}

/** The provider refused the charge's refunds under way: nothing went back, the panel says why. */
export async function denyOpenRefunds(db: Db, paymentId: string, reason: string | null) {
  await refundsRepo.denyOpen(db, paymentId, reason);
}
