import { planOfMonth } from '../../shared/orders';
import { catalogueRepo } from '../catalogue/catalogue.repo';
import { planMonthRepo } from '../catalogue/plan-month.repo';
import type { Executor } from '../db/client';
import type { OrderRow } from '../db/schema';
import { enqueueAll } from '../jobs/job-queue';
import { queueWhatsapp } from '../whatsapp/whatsapp-queue.repo';
import { deliveriesRepo } from './deliveries.repo';
import { deliveryItems, planMonthItems, type DeliveryItem } from './delivery-plan';

/** A plan's month needs its plan alone, in one read; a package its product's catalogue and own service. */
async function itemsOf(tx: Executor, order: OrderRow, now: Date) {
  if (order.service === 'recurring') {
    // Each component's subscription service and delay, as the owner set them when this month was paid
    // (ADR 032).
    const plan = await planMonthRepo.find(tx, planOfMonth(order));
    const componentOf = (item: DeliveryItem) => plan.components.find((c) => c.id === item.component);
    return planMonthItems(order, plan, now).map((item) => ({
      ...item,
      serviceId: componentOf(item)?.panelServiceId ?? null,
      delayMinutes: componentOf(item)?.delayMinutes ?? null,
    }));
  }
  const catalogue = await catalogueRepo.load(tx);
  const ownService =
    (await catalogueRepo.findPackage(tx, order.service, order.quantity))?.panelServiceId ?? null;
  return deliveryItems(order, catalogue, now).map((item) => ({
    ...item,
    serviceId: item.itemKey === 'package' ? ownService : null,
  }));
}

/**
 * A paid order's deliveries, inside the transaction that marks it paid (docs/product.md#delivery): they exist
 * exactly when the order is paid, and each submission job is queued with them. A second confirmation inserts
 * nothing (unique per order and item). An item still missing its link waits for the buyer. The catalogue
 * is read here, in the transaction: the guarantee and a package's own panel service (ADR 021) are the
 * ones in force when the order is paid. Each month of a plan is an order of its own: its components
 * start (or, for a renewal, carry on) with the month's deliveries. The rows and their jobs are two
 * statements whatever their number (a renewal's cost, docs/fulfilment.md "Measured").
 */
export async function createDeliveries(tx: Executor, order: OrderRow, now: Date): Promise<void> {
  const rows = await deliveriesRepo.insertNew(
    tx,
    (await itemsOf(tx, order, now)).map((item) => ({
      orderId: order.id,
      ...item,
      state: item.link ? 'queued' : 'invalid_link',
      linkInvalidSince: item.link ? null : now,
      dueAt: now,
      createdAt: now,
      updatedAt: now,
    })),
  );
  await enqueueAll(
    tx,
    rows.map((row) => ({
      kind: row.state === 'queued' ? 'submit_delivery' : 'delivery_link_email',
      payload: { deliveryId: row.id },
    })),
  );
  if (rows.some((row) => row.state !== 'queued')) await queueWhatsapp(tx, order, 'link_needed');
}
