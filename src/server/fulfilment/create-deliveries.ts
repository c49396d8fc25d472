import type { PlanId, ProductId } from '../../shared/catalogue';
import { catalogueRepo } from '../catalogue/catalogue.repo';
import type { Executor } from '../db/client';
import type { OrderRow } from '../db/schema';
import { enqueue } from '../jobs/job-queue';
import { queueWhatsapp } from '../whatsapp/whatsapp-queue.repo';
import { deliveriesRepo } from './deliveries.repo';
import { deliveryItems, type DeliveryItem } from './delivery-plan';

/**
 * A paid order's deliveries, inside the transaction that marks it paid (docs/product.md#delivery): they exist
 * exactly when the order is paid, and each submission job is queued with them. A second confirmation inserts
 * nothing (unique per order and item). An item still missing its link waits for the buyer. The catalogue
 * is read here, in the transaction: the guarantee and a package's own panel service (ADR 021) are the
 * ones in force when the order is paid. Each month of a plan is an order of its own: its components
 * start (or, for a renewal, carry on) with the month's deliveries.
 */
export async function createDeliveries(tx: Executor, order: OrderRow, now: Date): Promise<void> {
  const catalogue = await catalogueRepo.load(tx);
  const ownService =
    order.service === 'recurring'
      ? null
      : ((await catalogueRepo.findPackage(tx, order.service as ProductId, order.quantity))?.panelServiceId ??
        null);
  // Each component's subscription service, as the owner set it when this month was paid (ADR 032).
  const components =
    order.service === 'recurring' ? await catalogueRepo.planComponents(tx, order.planId as PlanId) : [];
  const serviceOf = (item: DeliveryItem) =>
    item.component
      ? (components.find((c) => c.id === item.component)?.panelServiceId ?? null)
      : item.itemKey === 'package'
        ? ownService
        : null;
  const rows = await deliveriesRepo.insertNew(
    tx,
    deliveryItems(order, catalogue, now).map((item) => ({
      orderId: order.id,
      ...item,
      serviceId: serviceOf(item),
      state: item.link ? 'queued' : 'invalid_link',
      linkInvalidSince: item.link ? null : now,
      dueAt: now,
      createdAt: now,
      updatedAt: now,
    })),
  );
  for (const row of rows) {
    if (row.state === 'queued') await enqueue(tx, 'submit_delivery', { deliveryId: row.id });
    else {
      await enqueue(tx, 'delivery_link_email', { deliveryId: row.id });
      await queueWhatsapp(tx, order, 'link_needed');
    }
  }
}
