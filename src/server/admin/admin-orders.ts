import { messages } from '../../shared/messages';
import type { OrderStatus, PaymentStatus } from '../../shared/orders';
import type { Db } from '../db/client';
import type { OrderRow } from '../db/schema';
import { AppError } from '../errors';
import { recordOwedInvoice } from '../invoices/owed-invoice';
import { countOrder } from '../metrics/order-counts';
import { markOrderPaid } from '../payments/order-paid';
import { orderHistoryRepo } from '../orders/order-history.repo';
import { adminRepo } from './admin.repo';

export interface AdminOrderUpdate {
  status?: OrderStatus | undefined;
  paymentStatus?: PaymentStatus | undefined;
  note?: string | null | undefined;
}

/**
 * Applies the operator's changes in one transaction, in the order's history under their name: status and
 * payment status by the database (drizzle/0036), the note here. "Pago" by hand (a WhatsApp order settled
 * in the chat) goes through the one door of every paid order (payments/order-paid.ts): the order moves on,
 * its deliveries and the buyer's e-mail follow.
 */
export async function updateOrder(
  db: Db,
  orderId: string,
  update: AdminOrderUpdate,
  actor: string,
  now: Date,
) {
  const paidBy: string[] = [];
  const updated = await db.transaction(async (tx) => {
    const order = await adminRepo.lockOrder(tx, orderId);
    if (!order) throw new AppError('not_found', 'order_not_found', messages.order_not_found);
    await orderHistoryRepo.actAs(tx, actor);
    const changes: Partial<OrderRow> = {};
    if (update.status !== undefined && update.status !== order.status) changes.status = update.status;
    const becomesPaid = update.paymentStatus === 'paid' && order.paymentStatus !== 'paid';
    if (update.paymentStatus !== undefined && update.paymentStatus !== order.paymentStatus && !becomesPaid)
      changes.paymentStatus = update.paymentStatus;
    // The operator's note: trimmed, and null when empty (docs/product.md#orders).
    const note = update.note === undefined ? order.note : update.note?.trim() || null;
    if (note !== order.note) {
      changes.note = note;
      await orderHistoryRepo.record(tx, {
        orderId,
        actor,
        field: 'note',
        oldValue: order.note,
        newValue: note,
        at: now,
      });
    }
    if (Object.keys(changes).length === 0 && !becomesPaid) return order;
    const edited = await adminRepo.applyEdit(tx, orderId, changes, now);
    // Marked "Concluído" by hand: a delivery done, as when the panel's deliveries finish (ADR 036).
    if (edited.status === 'concluido' && edited.paymentStatus === 'paid')
      await recordOwedInvoice(tx, edited, now, 'delivery');
    if (!becomesPaid) return edited;
    // After the operator's own status (a cancelled order paid by hand stays cancelled, undelivered).
    if (
      await markOrderPaid(tx, edited, { paymentId: null, method: edited.paymentMethod, removedAs: null }, now)
    )
      paidBy.push(edited.paymentMethod);
    return (await adminRepo.lockOrder(tx, orderId))!;
  });
  for (const method of paidBy) countOrder(db, 'paid', method);
  return updated;
}
