import { describe, expect, it } from 'vitest';
import { packagePrices } from './package-prices';

const followers = [
  { amount: 200, priceCents: 1690 },
  { amount: 1000, priceCents: 8590 },
  { amount: 2000, priceCents: 13590 },
  { amount: 3000, priceCents: 19590 },
];

describe('packagePrices (a card as a Brazilian buyer reads it)', () => {
  it('the PIX price with the shop discount, rounded as the server charges (down in the buyer favour)', () => {
    // 5 % off R$ 14,90: R$ 0,745 rounds down to R$ 0,74 off, R$ 14,16 to pay.
    expect(packagePrices({ amount: 1000, priceCents: 1490 }, [], 5).pixCents).toBe(1416);
    expect(packagePrices(followers[1]!, followers, 0).pixCents).toBeNull();
  });
  it('no PIX price above R$ 150: settled on WhatsApp', () => {
    expect(packagePrices(followers[3]!, followers, 5)).toMatchObject({
      pixCents: null,
      settlesOnWhatsapp: true,
    });
    expect(packagePrices(followers[2]!, followers, 5).settlesOnWhatsapp).toBe(false);
  });
  it('the price per 1.000 and the saving against the smallest package', () => {
    expect(packagePrices(followers[0]!, followers, 0)).toMatchObject({
      perThousandCents: 8450,
      savingPercent: 0,
    });
    // R$ 67,95 per 1.000 against R$ 84,50: 19 % less.
    expect(packagePrices(followers[2]!, followers, 0)).toMatchObject({
      perThousandCents: 6795,
      savingPercent: 19,
    });
  });
});
