import type { Executor } from '../db/client';
import { deliveriesRepo } from './deliveries.repo';

/** States in which nothing has been bought at the panel yet. */
const unsent = ['queued', 'invalid_link', 'manual', 'refused'];

/** A refunded order's deliveries that were never sent are cancelled (issue 12); sent ones run their course. */
export async function cancelUnsentDeliveries(tx: Executor, orderId: string, now: Date): Promise<void> {
  for (const delivery of await deliveriesRepo.lockForOrder(tx, orderId))
    if (unsent.includes(delivery.state))
      await deliveriesRepo.update(tx, delivery.id, { state: 'canceled', updatedAt: now });
}
