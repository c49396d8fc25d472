import { AppError } from '../errors';
import { enqueue } from '../jobs/job-queue';
import type { Executor } from '../db/client';
import type { DeliveryRow } from '../db/schema';
import { orderHistoryRepo } from '../orders/order-history.repo';
import { deliveriesRepo } from './deliveries.repo';
import type { FulfilmentContext } from './fulfilment-context';
import { followDeliveries } from './order-progress';

// The operator's answers to what needs a person (issue 11): a delivery 'a conferir', refused, partial or
// waiting for manual delivery. Each is one transaction over the locked delivery.

export type OperatorAction =
  | { action: 'link_panel_order'; panelOrderId: string }
  | { action: 'resend' }
  | { action: 'resend_remainder' }
  | { action: 'mark_delivered' };

const allowed: Record<OperatorAction['action'], readonly string[]> = {
  // The order was found at the panel: from now on it is synced like any other.
  link_panel_order: ['unknown', 'manual'],
  // The operator checked the panel and nothing was bought (or fixed the cause of a refusal).
  resend: ['unknown', 'refused', 'manual'],
  resend_remainder: ['partial'],
  mark_delivered: ['manual', 'unknown', 'refused', 'partial', 'invalid_link'],
};

/** What each action is called in the order's history. */
const historyNames: Record<OperatorAction['action'], string> = {
  link_panel_order: 'vinculada ao pedido do painel',
  resend: 'reenviada',
  resend_remainder: 'restante reenviado',
  mark_delivered: 'marcada como entregue',
};

export async function applyOperatorAction(
  ctx: FulfilmentContext,
  deliveryId: string,
  action: OperatorAction,
  actor: string,
) {
  await ctx.db.transaction(async (tx) => {
    const delivery = await deliveriesRepo.findById(tx, deliveryId, { forUpdate: true });
    if (!delivery) throw new AppError('not_found', 'delivery_not_found');
    if (!allowed[action.action].includes(delivery.state))
      throw new AppError('conflict', 'delivery_action_invalid');
    const now = ctx.clock();
    // The order's status that follows (followDeliveries) is the operator's doing too.
    await orderHistoryRepo.actAs(tx, actor);
    await orderHistoryRepo.record(tx, {
      orderId: delivery.orderId,
      actor,
      field: `entrega ${delivery.product}: ${historyNames[action.action]}`,
      oldValue: delivery.state,
      newValue: action.action === 'link_panel_order' ? `painel ${action.panelOrderId}` : null,
      at: now,
    });
    switch (action.action) {
      case 'link_panel_order':
        await deliveriesRepo.update(tx, delivery.id, {
          state: 'pending',
          panelOrderId: action.panelOrderId,
          checkedAt: null,
          lastError: null,
          updatedAt: now,
        });
        break;
      case 'resend':
        await deliveriesRepo.update(tx, delivery.id, { state: 'queued', lastError: null, updatedAt: now });
        await enqueue(tx, 'submit_delivery', { deliveryId: delivery.id });
        break;
      case 'resend_remainder':
        await resendRemainder(tx, delivery, now);
        break;
      case 'mark_delivered':
        await deliveriesRepo.update(tx, delivery.id, {
          state: 'completed',
          completedAt: now,
          updatedAt: now,
        });
        break;
    }
    await followDeliveries(tx, delivery.orderId, now);
  });
}

/** A partial delivery's missing part as a new delivery; the partial one counts as done. */
async function resendRemainder(tx: Executor, delivery: DeliveryRow, now: Date) {
  const remainder = delivery.remains ?? 0;
  if (remainder <= 0) throw new AppError('conflict', 'delivery_action_invalid');
  const n = await deliveriesRepo.countForOrderItem(tx, delivery.orderId, `${delivery.itemKey}:resend-`);
  const [row] = await deliveriesRepo.insertNew(tx, [
    {
      orderId: delivery.orderId,
      itemKey: `${delivery.itemKey}:resend-${n + 1}`,
      product: delivery.product,
      link: delivery.link,
      quantity: remainder,
      // The same service and guarantee as the part already delivered.
      serviceId: delivery.serviceId,
      guaranteeDays: delivery.guaranteeDays,
      state: 'queued',
      dueAt: now,
      createdAt: now,
      updatedAt: now,
    },
  ]);
  await deliveriesRepo.update(tx, delivery.id, { state: 'completed', updatedAt: now });
  if (row) await enqueue(tx, 'submit_delivery', { deliveryId: row.id });
}
