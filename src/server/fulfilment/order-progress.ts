import type { Executor } from '../db/client';
import { enqueue } from '../jobs/job-queue';
import { ordersRepo } from '../orders/orders.repo';
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
 * answer cannot undo a delivery), and queues the buyer's e-mail in the same transaction as the move.
 */
export async function followDeliveries(tx: Executor, orderId: string, now: Date): Promise<void> {
  const order = await ordersRepo.findById(tx, orderId, { forUpdate: true });
  if (!order || order.paymentStatus !== 'paid' || rank[order.status] === undefined) return;
  const target = progressOf((await deliveriesRepo.listForOrder(tx, orderId)).map((d) => d.state));
  if (rank[target]! <= rank[order.status]!) return;
  await ordersRepo.update(tx, orderId, { status: target, updatedAt: now });
  await enqueue(tx, target === 'concluido' ? 'delivery_completed_email' : 'delivery_started_email', {
    orderId,
  });
}
