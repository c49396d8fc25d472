import type { Db } from '../db/client';
import type { JobHandlers } from '../jobs/job-payloads';
import { ordersRepo } from '../orders/orders.repo';
import type { Mailer } from './mailer';
import { receiptsRepo } from './receipts.repo';
import { readForReceipt } from './receipt-reads.repo.ts';
import { orderReceivedEmail, paymentConfirmedEmail, pixReminderEmail } from './templates';
import { paymentsRepo } from '../payments/payments.repo';
import { refundEmail } from './refund-templates';
import { captureRefusedEmail, cardNotChargedEmail, cardReprovedEmail } from './payment-problem-templates';

/** Job handlers that send e-mail; rendering happens at send time, so a PIX code shown is still current. */
export function emailJobHandlers(deps: {
  db: Db;
  mailer: Mailer;
  shop: { name: string; publicUrl: string };
  clock: () => Date;
}) {
  const { db, mailer, shop, clock } = deps;
  const handlers: JobHandlers = {
    async send_email(payload) {
      await mailer.send(payload);
    },
    async order_received_email(payload) {
      const found = await readForReceipt(db, payload.orderId);
      if (!found) return;
      const { order, latestPayment: payment } = found;
      const pixPayload =
        order.paymentStatus === 'unpaid' && payment?.status === 'pending' ? payment.pixPayload : null;
      await mailer.send(orderReceivedEmail(shop, order, pixPayload));
    },
    async pix_reminder_email(payload) {
      const payment = await paymentsRepo.findById(db, payload.paymentId);
      // Never after expiry or payment: checked again when the e-mail leaves.
      if (payment?.status !== 'pending' || !payment.pixPayload || !payment.expiresAt) return;
      if (payment.expiresAt <= clock()) return;
      const order = await ordersRepo.findById(db, payment.orderId);
      if (order?.paymentStatus !== 'unpaid') return;
      await mailer.send(pixReminderEmail(shop, order, payment.pixPayload, payment.expiresAt));
    },
    async refund_email(payload) {
      const order = await ordersRepo.findById(db, payload.orderId);
      if (order) await mailer.send(refundEmail(shop, order, payload.amountCents));
    },
    // Paid meanwhile (another card, a PIX): nothing to ask for.
    async card_reproved_email(payload) {
      const order = await ordersRepo.findById(db, payload.orderId);
      if (order?.paymentStatus === 'unpaid') await mailer.send(cardReprovedEmail(shop, order));
    },
    async card_not_charged_email(payload) {
      const order = await ordersRepo.findById(db, payload.orderId);
      if (order?.paymentStatus === 'unpaid') await mailer.send(cardNotChargedEmail(shop, order));
    },
    async card_capture_refused_email(payload) {
      const order = await ordersRepo.findById(db, payload.orderId);
      if (order?.paymentStatus === 'unpaid') await mailer.send(captureRefusedEmail(shop, order));
    },
    async payment_confirmed_email(payload) {
      const order = await ordersRepo.findById(db, payload.orderId);
      if (order) await mailer.send(paymentConfirmedEmail(shop, order));
    },
  };
  return handlers;
}

/**
 * Queues the 'pedido recebido' e-mail of orders that have none yet. Polling the orders table keeps the
 * order-creation path free of a second write (docs/benchmarks.md); the e-mail leaves within seconds.
 * Batches of 500 until none is full: one batch per 2 s tick capped receipts at 250 orders/s, so a burst
 * (or a restart after one) left a backlog that grew under sustained load (chaos/crash.mjs found it).
 */
export async function queueOrderReceipts(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - 1000);
  let total = 0;
  for (let batch = 0; batch < 40; batch++) {
    const queued = await receiptsRepo.queue(db, now, before, 500);
    total += queued;
    if (queued < 500) break;
  }
  return total;
}
