import type { DeliveryRow } from '../db/schema';

// When the buyer may ask for a refill (issue 11): a delivered item of a package whose guarantee is still
// running (the product's guarantee when the order was paid, from completion), at a service that refills, at most
// once per 24 h per order (panels reject repeated requests). Pure, unit-tested.

export const refillSpacingMs = 24 * 3_600_000;
const dayMs = 86_400_000;
const openRefill = new Set(['requesting', 'pending', 'in_progress']);

type RefillFields = Pick<
  DeliveryRow,
  | 'id'
  | 'guaranteeDays'
  | 'itemKey'
  | 'state'
  | 'refillable'
  | 'completedAt'
  | 'refillRequestedAt'
  | 'refillStatus'
  | 'panelOrderId'
>;

export function refillOffer(deliveries: readonly RefillFields[], now: Date) {
  const eligible = deliveries.filter(
    (d) =>
      d.refillable &&
      d.panelOrderId !== null &&
      !d.itemKey.startsWith('plan') &&
      (d.state === 'completed' || d.state === 'partial') &&
      d.completedAt !== null &&
      now.getTime() - d.completedAt.getTime() <= d.guaranteeDays * dayMs &&
      !openRefill.has(d.refillStatus ?? ''),
  );
  const last = Math.max(0, ...deliveries.map((d) => d.refillRequestedAt?.getTime() ?? 0));
  const nextAt = last && last + refillSpacingMs > now.getTime() ? new Date(last + refillSpacingMs) : null;
  return { eligible, available: eligible.length > 0 && nextAt === null, nextAt };
}
