import type { PaymentFlag, PaymentMethod } from '../../shared/orders';
import type { PaymentState } from '../../shared/payment-states';
import { analyticsRepo } from '../analytics/analytics.repo';
import type { Executor } from '../db/client';
import type { OrderRow } from '../db/schema';
import { createDeliveries } from '../fulfilment/create-deliveries';
import { recordOwedInvoice } from '../invoices/owed-invoice';
import { enqueue } from '../jobs/job-queue';
import { queueWhatsapp } from '../whatsapp/whatsapp-queue.repo';
import { ordersRepo } from '../orders/orders.repo';
import { subscriptionsRepo } from '../subscriptions/subscriptions.repo';
import { paymentsRepo } from './payments.repo';

/** What made the order paid: one of its charges (null: the operator, by hand) and how it was paid. */
export interface PaidBy {
  paymentId: string | null;
  method: PaymentMethod;
  /** The charge had been removed at the provider (replaced, expired…) when its money arrived. */
  removedAs: PaymentState | null;
}

interface Paid {
  tx: Executor;
  order: OrderRow;
  by: PaidBy;
  /** Delivered: not an order the operator cancelled (its money waits for the owner's decision). */
  delivering: boolean;
  /** Money that came unexpectedly: the owner hears of it. */
  flag: PaymentFlag | null;
  now: Date;
}

/** Only orders still waiting for their money move on; others keep the status the operator gave them. */
const waitingStatuses = new Set(['pendente', 'aguardando_contato_whatsapp']);

/**
 * What follows "paid", in order, in the transaction that marks it (so each exists exactly when the order
 * is paid): the buyer's e-mail and the deliveries, a plan's start, the funnel's count, the removal of any
 * other charge of the order still payable, the owner's alert for money that came unexpectedly, and the NFS-e owed (ADR 033).
 */
const afterPaid: Array<(paid: Paid) => Promise<void>> = [
  async ({ tx, order, delivering }) => {
    if (!delivering) return;
    await enqueue(tx, 'payment_confirmed_email', { orderId: order.id });
    await queueWhatsapp(tx, order, 'payment_confirmed');
  },
  async ({ tx, order, delivering, now }) => {
    if (delivering) await createDeliveries(tx, order, now);
  },
  async ({ tx, order }) => {
    // A paused plan whose owed month is paid resumes, and its buyer hears of it (issue 43).
    if (order.subscriptionId && (await subscriptionsRepo.markActive(tx, order.subscriptionId)))
      await enqueue(tx, 'plan_resumed_email', { subscriptionId: order.subscriptionId });
  },
  async ({ tx, by, now }) => {
    if (by.method === 'pix' || by.method === 'credit_card' || by.method === 'debit_card')
      await analyticsRepo.insert(tx, {
        etapa: by.method === 'pix' ? 'asaas_pix_payment_confirmed' : 'card_payment_approved',
        createdAt: now,
      });
  },
  async ({ tx, order, by }) => {
    if (await paymentsRepo.hasOtherLive(tx, order.id, by.paymentId))
      await enqueue(tx, 'retire_other_charges', { orderId: order.id });
  },
  async ({ tx, order, flag }) => {
    if (flag) await enqueue(tx, 'payment_flag_alert', { orderId: order.id, flag });
  },
  async ({ tx, order, delivering, now }) => {
    if (delivering) await recordOwedInvoice(tx, order, now);
  },
];

/** Money that arrived for an order or a charge that was no longer waiting for it (not the operator's hand). */
function flagOf(order: OrderRow, by: PaidBy): PaymentFlag | null {
  if (by.paymentId === null) return null;
  if (order.status === 'cancelado')
    return order.cancelReason === 'expired' ? 'pago_apos_expiracao' : 'pago_apos_cancelamento';
  if (by.removedAs === 'expired') return 'pago_apos_expiracao';
  if (by.removedAs) return 'pago_apos_substituicao';
  return null;
}

/**
 * The one way an order becomes paid (docs/payments.md): a provider's report, reconciliation, the sandbox,
 * the operator, a WhatsApp charge and late payments all end here, with the order row locked by the
 * caller. An order cancelled because its PIX expired is honoured (delivered); one the operator cancelled
 * keeps its status and waits for the owner. Returns false when the order was paid already.
 */
export async function markOrderPaid(tx: Executor, order: OrderRow, by: PaidBy, now: Date): Promise<boolean> {
  if (order.paymentStatus === 'paid') return false;
  const operatorCancelled = order.status === 'cancelado' && order.cancelReason !== 'expired';
  const flag = flagOf(order, by);
  const moves = waitingStatuses.has(order.status) || (order.status === 'cancelado' && !operatorCancelled);
  const changes = {
    paymentStatus: 'paid',
    paymentMethod: by.method,
    status: moves ? 'processando' : order.status,
    paymentFlag: flag ?? order.paymentFlag,
    paidAt: order.paidAt ?? now,
    updatedAt: now,
  } as const;
  await ordersRepo.update(tx, order.id, changes);
  const paid = { ...order, ...changes };
  for (const step of afterPaid)
    await step({ tx, order: paid, by, delivering: !operatorCancelled, flag, now });
  return true;
}
