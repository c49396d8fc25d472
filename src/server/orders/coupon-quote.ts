import { messages } from '../../shared/messages';
import { findPlan, quoteOneTime } from '../../shared/pricing';
import type { couponQuoteSchema } from '../../shared/schemas/checkout';
import type { CouponQuote } from '../../shared/schemas/coupons';
import type { z } from 'zod';
import type { CatalogueStore } from '../catalogue/catalogue-store';
import type { Coupons } from '../coupons/coupons.service';
import { AppError } from '../errors';
import { discountNewOrder } from './order-discounts';

/** "Aplicar" at checkout step 2: the order's price with this coupon, as the order itself will be priced. */
export async function quoteCoupon(
  deps: { coupons: Coupons; catalogue: CatalogueStore; unavailablePackages: readonly string[] },
  request: z.output<typeof couponQuoteSchema>,
): Promise<CouponQuote> {
  const { item } = request;
  const catalogue = deps.catalogue.current();
  const recurring = item.type === 'recurring';
  const quote = recurring
    ? null
    : quoteOneTime(catalogue, item.type, item.amount, request.addOns, deps.unavailablePackages);
  if (!recurring && !quote)
    throw new AppError('invalid_input', 'unknown_package', messages.unknown_package, { field: 'item' });
  const priced = recurring
    ? { service: 'recurring', packageCents: findPlan(catalogue, item.plan).priceCents, addOnsCents: 0 }
    : { service: item.type, packageCents: quote!.packageCents, addOnsCents: quote!.addOnsCents };
  const { fields } = await discountNewOrder(
    deps.coupons,
    {
      couponCode: request.code,
      paymentMethod: request.paymentMethod ?? 'credit_card',
      email: request.email || '',
    },
    priced,
    { quoting: true },
  );
  return {
    couponCode: fields.couponCode!,
    subtotalCents: priced.packageCents + priced.addOnsCents,
    couponDiscountCents: fields.couponDiscountCents,
    pixDiscountCents: fields.pixDiscountCents,
    totalCents: fields.totalCents,
  };
}
