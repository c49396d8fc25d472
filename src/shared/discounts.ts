import { whatsappSettlementAboveCents } from './catalogue';
// The order's discounts (issue 13, docs/coupons.md): a coupon on the package and add-ons, then — for a
// one-time order paid by PIX — the shop's PIX discount on what is left. Integer centavos throughout; each
// percentage is rounded down, in the buyer's favour never below the provider's minimum charge.

/**
 * The least an order may cost after discounts: the providers' minimum charge (Asaas: R$ 5,00;
 * docs/product.md#coupons).
 */
export const minimumChargeCents = 500;

export interface CouponTerms {
  kind: 'percent' | 'fixed';
  /** 1–100, when kind is percent. */
  percent: number | null;
  /** Centavos off, when kind is fixed. */
  amountCents: number | null;
}

export interface DiscountedPrice {
  couponDiscountCents: number;
  pixDiscountCents: number;
  totalCents: number;
}

const percentOf = (cents: number, percent: number) => Math.floor((cents * percent) / 100);

/** What a coupon takes off `subtotalCents`, never leaving less than the minimum charge. */
export function couponDiscountCents(subtotalCents: number, coupon: CouponTerms): number {
  const wanted =
    coupon.kind === 'percent' ? percentOf(subtotalCents, coupon.percent ?? 0) : (coupon.amountCents ?? 0);
  return Math.max(0, Math.min(wanted, subtotalCents - minimumChargeCents));
}

/**
 * The total to pay: the coupon first, then the PIX discount (when `pixPercent` applies) on the rest. The two
 * compound rather than add, so 10 % + 2 % is 11,8 % off, and the PIX discount never pays for the coupon.
 */
export function discountedPrice(
  subtotalCents: number,
  coupon: CouponTerms | null,
  pixPercent: number,
): DiscountedPrice {
  const couponCents = coupon ? couponDiscountCents(subtotalCents, coupon) : 0;
  const afterCoupon = subtotalCents - couponCents;
  const pixCents = Math.max(
    0,
    Math.min(percentOf(afterCoupon, pixPercent), afterCoupon - minimumChargeCents),
  );
  return { couponDiscountCents: couponCents, pixDiscountCents: pixCents, totalCents: afterCoupon - pixCents };
}

/**
 * The checkout's price, on the server and in the summary alike: an order over R$ 150 after its coupon
 * settles on WhatsApp; the PIX discount is for one-time orders paid by PIX in the store.
 */
export function checkoutPrice(order: {
  subtotalCents: number;
  coupon: CouponTerms | null;
  pixPercent: number;
  recurring: boolean;
  method: string;
}): DiscountedPrice & { settlesOnWhatsapp: boolean } {
  const afterCoupon =
    order.subtotalCents - (order.coupon ? couponDiscountCents(order.subtotalCents, order.coupon) : 0);
  const settlesOnWhatsapp = !order.recurring && afterCoupon > whatsappSettlementAboveCents;
  const pixApplies = !order.recurring && !settlesOnWhatsapp && order.method === 'pix';
  return {
    ...discountedPrice(order.subtotalCents, order.coupon, pixApplies ? order.pixPercent : 0),
    settlesOnWhatsapp,
  };
}
