import { describe, expect, it } from 'vitest';
import { couponDiscountCents, discountedPrice } from './discounts';

const tenPercent = { kind: 'percent', percent: 10, amountCents: null } as const;
const twentyReais = { kind: 'fixed', percent: null, amountCents: 2000 } as const;

describe('discounts', () => {
  it('a percentage is rounded down in centavos', () => {
    expect(couponDiscountCents(8590, tenPercent)).toBe(859);
    expect(couponDiscountCents(8599, tenPercent)).toBe(859);
  });
  it('a fixed amount never leaves less than R$ 5,00', () => {
    expect(couponDiscountCents(8590, twentyReais)).toBe(2000);
    expect(couponDiscountCents(2400, twentyReais)).toBe(1900);
    expect(couponDiscountCents(400, twentyReais)).toBe(0);
  });
  it('the coupon comes first, the PIX discount on what is left', () => {
    expect(discountedPrice(10000, tenPercent, 2)).toEqual({
      couponDiscountCents: 1000,
      pixDiscountCents: 180,
      totalCents: 8820,
    });
    expect(discountedPrice(10000, null, 2)).toEqual({
      couponDiscountCents: 0,
      pixDiscountCents: 200,
      totalCents: 9800,
    });
    expect(discountedPrice(10000, twentyReais, 0).totalCents).toBe(8000);
  });
});
