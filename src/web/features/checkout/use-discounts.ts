import { useCallback, useState } from 'react';
import { checkoutPrice } from '#shared/discounts.ts';
import type { CheckoutItem } from '#shared/schemas/checkout.ts';
import { ApiError } from '../../lib/api';
import { quoteCoupon } from './checkout-api';
import { useCatalogue } from '../../lib/boot';
import { messages } from '#shared/messages.ts';

export interface AppliedCoupon {
  code: string;
  discountCents: number;
}

/**
 * The checkout's discounts (issue 13): the PIX discount the owner set, and a coupon the server checked and
 * priced ("Aplicar"). The summary shows the server's figures; the order is priced again on the server.
 */
export function useDiscounts(item: CheckoutItem, addOns: readonly string[]) {
  const pixPercent = useCatalogue().pixDiscountPercent;
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const [couponError, setCouponError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);

  const apply = useCallback(
    async (code: string, email: string) => {
      setCouponError(null);
      setApplying(true);
      try {
        const quote = await quoteCoupon({ code, item, addOns, email });
        setCoupon({ code: quote.couponCode, discountCents: quote.couponDiscountCents });
      } catch (error) {
        setCoupon(null);
        setCouponError(error instanceof ApiError ? error.message : messages.checkout_failed);
      } finally {
        setApplying(false);
      }
    },
    [item, addOns],
  );

  const remove = useCallback(() => {
    setCoupon(null);
    setCouponError(null);
  }, []);

  /** The price the server will charge for this method (the quoted coupon value is a fixed amount here). */
  const priceFor = (subtotalCents: number, method: string) =>
    checkoutPrice({
      subtotalCents,
      coupon: coupon ? { kind: 'fixed', percent: null, amountCents: coupon.discountCents } : null,
      pixPercent,
      recurring: item.type === 'recurring',
      method,
    });

  return { pixPercent, coupon, couponError, applying, apply, remove, priceFor };
}
