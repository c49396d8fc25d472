import type { Executor } from '../db/client';
import { recordOwedInvoice } from '../invoices/owed-invoice';
import { enqueue } from '../jobs/job-queue';
import { ordersRepo } from '../orders/orders.repo';
import { queueWhatsapp } from '../whatsapp/whatsapp-queue.repo';
import { deliveriesRepo } from './deliveries.repo';

type Progress = 'processando' | 'em_transporte' | 'concluido';
const rank: Record<string, number> = { processando: 0, em_transporte: 1, concluido: 2 };

/**
 * The order's status from its deliveries (issue 11): all completed → concluído; anything under way or
 * delivered → em transporte; otherwise processando. Cancelled or refunded items do not hold it back.
 */
export function progressOf(states: readonly string[]): Progress {
  const live = states.filter((s) => s !== 'canceled' && s !== 'refunded');
  if (live.length > 0 && live.every((s) => s === 'completed')) return 'concluido';
  if (live.some((s) => s === 'in_progress' || s === 'completed' || s === 'partial')) return 'em_transporte';
  return 'processando';
}

/**
 * Moves a paid order forward to what its deliveries say, never back (an operator's later edit or a stale
 * answer cannot undo a delivery), and queues the buyer's e-mail (and, when done, the invoice owed on
 * delivery) in the same transaction as the move.
 */
export async function followDeliveries(tx: Executor, orderIds: string | readonly string[], now: Date) {
  const ids = [...new Set(typeof orderIds === 'string' ? [orderIds] : orderIds)];
  const orders = (await ordersRepo.lockStates(tx, ids)).filter(
    (o) => o.paymentStatus === 'paid' && rank[o.status] !== undefined,
  );
  if (orders.length === 0) return;
  const states = new Map<string, string[]>();
  for (const row of await deliveriesRepo.statesOfOrders(
    tx,
    orders.map((o) => o.id),
  ))
    states.set(row.orderId, [...(states.get(row.orderId) ?? []), row.state]);
  for (const order of orders) {
    const target = progressOf(states.get(order.id) ?? []);
    if (rank[target]! <= rank[order.status]!) continue;
    await ordersRepo.update(tx, order.id, { status: target, updatedAt: now });
    const email = target === 'concluido' ? 'delivery_completed_email' : 'delivery_started_email';
    await enqueue(tx, email, { orderId: order.id });
    // "Quando a entrega termina": the invoice is owed now (ADR 036).
    if (target === 'concluido') await recordOwedInvoice(tx, order, now, 'delivery');
    await queueWhatsapp(tx, order.id, target === 'concluido' ? 'delivered' : 'delivery_started');
  }
}
