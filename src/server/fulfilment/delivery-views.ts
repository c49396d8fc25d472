import type { AdminDelivery, DeliveryView, FulfilmentView } from '../../shared/schemas/deliveries';
import type { DeliveryRow } from '../db/schema';
import { refillOffer } from './refill-policy';
import { componentTask } from './plan-component-tasks';

export function toDeliveryView(d: DeliveryRow): DeliveryView {
  return {
    id: d.id,
    product: d.product,
    quantity: d.quantity * (d.runs ?? 1),
    // A component delivers to posts not yet made: there is no count of the month to show.
    delivered: d.component
      ? null
      : d.remains === null
        ? d.state === 'completed'
          ? d.quantity * (d.runs ?? 1)
          : null
        : d.quantity * (d.runs ?? 1) - d.remains,
    state: d.state,
    dueAt: d.dueAt.toISOString(),
    refillStatus: d.refillStatus,
    component: d.component,
    activeUntil: d.expiresAt?.toISOString() ?? null,
    leftToExpire: d.leftToExpire,
  };
}

/** The buyer's view: no links, costs or panel ids (the page is reachable by order id alone). */
export function toFulfilmentView(rows: readonly DeliveryRow[], now: Date): FulfilmentView {
  const offer = refillOffer(rows, now);
  return {
    deliveries: rows.map(toDeliveryView),
    refill: { available: offer.available, nextAt: offer.nextAt?.toISOString() ?? null },
  };
}

export function toAdminDelivery(
  d: DeliveryRow,
  order?: { purchaseCode: string; instagram: string },
): AdminDelivery {
  return {
    ...toDeliveryView(d),
    orderId: d.orderId,
    itemKey: d.itemKey,
    link: d.link,
    serviceId: d.serviceId,
    panelOrderId: d.panelOrderId,
    startCount: d.startCount,
    remains: d.remains,
    charge: d.charge,
    currency: d.currency,
    lastError: d.lastError,
    submittedAt: d.submittedAt?.toISOString() ?? null,
    updatedAt: d.updatedAt.toISOString(),
    task: d.state === 'manual' || d.state === 'refused' ? componentTask(d) : null,
    ...(order ?? {}),
  };
}
