import type { Executor } from '../db/client';
import { enqueue } from '../jobs/job-queue';
import { deliveriesRepo, isRunningAtPanel } from './deliveries.repo';

/** States in which nothing has been bought at the panel yet. */
const unsent = ['queued', 'invalid_link', 'manual', 'refused'];

/**
 * A refunded order's deliveries (issue 12): those never sent are cancelled; sent ones run their course,
 * except a plan's components, which would go on delivering a month nobody pays for: each is stopped at
 * the panel by a job of its own (ADR 032).
 */
export async function cancelRefundedDeliveries(tx: Executor, orderId: string, now: Date): Promise<void> {
  for (const delivery of await deliveriesRepo.lockForOrder(tx, orderId)) {
    if (unsent.includes(delivery.state))
      await deliveriesRepo.update(tx, delivery.id, { state: 'canceled', updatedAt: now });
    else if (delivery.component && isRunningAtPanel(delivery.state) && !delivery.stopRequestedAt)
      await enqueue(tx, 'stop_plan_component', { deliveryId: delivery.id });
  }
}
