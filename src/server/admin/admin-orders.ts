import { messages } from '../../shared/messages';
import type { Db } from '../db/client';
import type { OrderRow } from '../db/schema';
import { AppError } from '../errors';
import { adminRepo } from './admin.repo';
import { createDeliveries } from '../fulfilment/create-deliveries';

const awaitingPayment = new Set(['pendente', 'aguardando_contato_whatsapp']);

export interface AdminOrderUpdate {
  status?: string | undefined;
  paymentStatus?: string | undefined;
  note?: string | null | undefined;
}

/** Applies the operator's changes and writes one audit row per changed field, in one transaction. */
export async function updateOrder(
  db: Db,
  orderId: string,
  update: AdminOrderUpdate,
  actor: string,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const order = await adminRepo.lockOrder(tx, orderId);
    if (!order) throw new AppError('not_found', 'order_not_found', messages.order_not_found);
    const changes: Partial<OrderRow> = {};
    const audit: Array<{ field: string; oldValue: string | null; newValue: string | null }> = [];
    if (update.status !== undefined && update.status !== order.status) {
      changes.status = update.status;
      audit.push({ field: 'status', oldValue: order.status, newValue: update.status });
    }
    const becomesPaid = update.paymentStatus === 'paid' && order.paymentStatus !== 'paid';
    if (update.paymentStatus !== undefined && update.paymentStatus !== order.paymentStatus) {
      changes.paymentStatus = update.paymentStatus;
      if (update.paymentStatus === 'paid' && !order.paidAt) changes.paidAt = now;
      audit.push({ field: 'payment_status', oldValue: order.paymentStatus, newValue: update.paymentStatus });
    }
    // Paid by the operator (a WhatsApp order settled by hand): it goes to processando and its deliveries
    // are created in this transaction, like any other path that marks an order paid (DECISIONS 26).
    if (becomesPaid && update.status === undefined && awaitingPayment.has(order.status)) {
      changes.status = 'processando';
      audit.push({ field: 'status', oldValue: order.status, newValue: 'processando' });
    }
    if (update.note !== undefined) {
      // Spec §5: trimmed, and null when empty.
      const note = update.note?.trim() || null;
      if (note !== order.note) {
        changes.note = note;
        audit.push({ field: 'note', oldValue: order.note, newValue: note });
      }
    }
    if (audit.length === 0) return order;
    const edited = await adminRepo.applyEdit(tx, orderId, changes, audit, actor, now);
    if (becomesPaid && (changes.status ?? order.status) !== 'cancelado')
      await createDeliveries(tx, order, now);
    return edited;
  });
}
