import { checkoutPrice, discountedPrice } from '../../shared/discounts';
import type { CreateOrderInput } from '../../shared/schemas/checkout';
import type { Coupons } from '../coupons/coupons.service';
import type { Db } from '../db/client';
import type { CouponRow, OrderRow } from '../db/schema';
import { ordersRepo } from './orders.repo';

/**
 * A new order's discounts (issue 13, docs/coupons.md): its coupon, checked and priced by the server, then
 * the PIX discount for a one-time order paid by PIX. An order settles on WhatsApp by what it costs after
 * the coupon.
 */
export async function discountNewOrder(
  coupons: Coupons,
  input: Pick<CreateOrderInput, 'couponCode' | 'paymentMethod' | 'email'>,
  priced: { service: string; packageCents: number; addOnsCents: number },
  /** A quote says "used up" at once; an order leaves that to taking the use (a replay keeps its own). */
  { quoting = false } = {},
) {
  const recurring = priced.service === 'recurring';
  const subtotalCents = priced.packageCents + priced.addOnsCents;
  const found = input.couponCode
    ? await coupons.check(input.couponCode, { subtotalCents, recurring, email: input.email }, quoting)
    : null;
  const pixPercent = input.paymentMethod === 'pix' ? await coupons.pixDiscountPercent() : 0;
  const { settlesOnWhatsapp, ...price } = checkoutPrice({
    subtotalCents,
    coupon: found?.terms ?? null,
    pixPercent,
    recurring,
    method: input.paymentMethod,
  });
  return {
    coupon: found?.coupon ?? null,
    settlesOnWhatsapp,
    fields: { couponCode: found?.coupon.code ?? null, ...price },
  };
}

/**
 * Where a new order's coupon use is recorded: a coupon without limits in the order's own statement (one
 * round trip, and never a use without its order); one with limits first, under its row's lock, which
 * decides the last use. Orders settled on WhatsApp are stored by another statement: theirs first too.
 */
export function couponUseInOrderStatement(
  coupon: CouponRow | null,
  settlesOnWhatsapp: boolean,
): string | null {
  const unlimited = coupon !== null && coupon.maxUses === null && coupon.maxUsesPerEmail === null;
  return unlimited && !settlesOnWhatsapp ? coupon.id : null;
}

/** Paying again by another method: the PIX discount is for PIX only; the coupon stays as it was. */
export async function repriceForMethod(
  deps: { db: Db; clock: () => Date; coupons: Coupons },
  order: OrderRow,
  method: string,
): Promise<OrderRow> {
  if (order.service === 'recurring' || order.paymentMethod === 'whatsapp') return order;
  const afterCoupon = order.packageCents + order.addOnsCents - order.couponDiscountCents;
  const pixPercent = method === 'pix' ? await deps.coupons.pixDiscountPercent() : 0;
  const { pixDiscountCents, totalCents } = discountedPrice(afterCoupon, null, pixPercent);
  if (totalCents === order.totalCents) return order;
  await ordersRepo.update(deps.db, order.id, { pixDiscountCents, totalCents, updatedAt: deps.clock() });
  return { ...order, pixDiscountCents, totalCents };
}
