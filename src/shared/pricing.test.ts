import { describe, expect, it } from 'vitest';
import { openingCatalogue as catalogue } from '../../tests/helpers/opening-catalogue';
import { addOnPriceCents, addOnQuantity, findPackage, instalmentOptions, quoteOneTime } from './pricing';

const { plans, products } = catalogue;

describe('the opening catalogue (docs/product.md#catalogue: Reading B), as migration 0019 seeds it', () => {
  const table: Record<string, Array<[number, number]>> = {
    followers: [
      [200, 1690],
      [500, 4590],
      [1000, 8590],
      [2000, 13590],
      [3000, 19590],
      [4000, 25590],
      [5000, 32590],
      [10000, 62590],
    ],
    likes: [
      [500, 2690],
      [1000, 3990],
      [2000, 7590],
      [4000, 13990],
    ],
    views: [
      [1000, 1090],
      [2000, 2090],
      [3000, 3090],
      [4000, 4090],
    ],
  };

  for (const product of products) {
    it(`${product.id} has exactly the Reading B packages`, () => {
      expect(product.packages.map((p) => [p.amount, p.priceCents])).toEqual(table[product.id]);
    });
  }

  it('marks one popular package per product', () => {
    expect(products.map((p) => p.packages.filter((x) => x.popular).map((x) => x.id))).toEqual([
      ['followers-1000'],
      ['likes-2000'],
      ['views-3000'],
    ]);
  });

  it('gives followers perks by size', () => {
    expect(findPackage(catalogue, 'followers', 1000)?.perks).toEqual([]);
    expect(findPackage(catalogue, 'followers', 2000)?.perks).toEqual(['Suporte prioritário']);
    expect(findPackage(catalogue, 'followers', 3000)?.perks).toEqual(['Suporte prioritário']);
    expect(findPackage(catalogue, 'followers', 5000)?.perks).toEqual(['Suporte VIP']);
    expect(findPackage(catalogue, 'followers', 10000)?.perks).toEqual(['Suporte VIP', 'Entrega expressa']);
  });

  it('prices the plans per month', () => {
    expect(plans.map((p) => [p.id, p.priceCents, p.popular])).toEqual([
      ['iniciante', 9700, false],
      ['simples', 19700, true],
      ['avancado', 39700, false],
    ]);
  });
});

describe('add-ons (docs/product.md#add-ons: Reading A unit prices)', () => {
  it('takes floor(30 %) of the amount', () => {
    expect(addOnQuantity(200)).toBe(60);
    expect(addOnQuantity(1000)).toBe(300);
    expect(addOnQuantity(333)).toBe(99);
    expect(addOnQuantity(1)).toBe(0);
  });

  it('prices an add-on as unit price × quantity in centavos', () => {
    expect(addOnPriceCents(catalogue, 'likes', 1000)).toBe(300 * 8);
    expect(addOnPriceCents(catalogue, 'views', 1000)).toBe(300 * 2);
    expect(addOnPriceCents(catalogue, 'followers', 500)).toBe(150 * 6);
  });
});

describe('quoteOneTime', () => {
  it('totals every package with every add-on combination', () => {
    for (const product of products) {
      const others = products.map((p) => p.id).filter((id) => id !== product.id);
      const combos = [[], [others[0]!], [others[1]!], others];
      for (const pack of product.packages) {
        for (const combo of combos) {
          const quote = quoteOneTime(catalogue, product.id, pack.amount, combo)!;
          const expectedAddOns = combo.reduce(
            (sum, id) =>
              sum + products.find((p) => p.id === id)!.addOnUnitCents * Math.floor(pack.amount * 0.3),
            0,
          );
          expect(quote.totalCents).toBe(pack.priceCents + expectedAddOns);
          expect(quote.settlesOnWhatsapp).toBe(quote.totalCents > 15000);
        }
      }
    }
  });

  it('quotes followers 1000 + likes add-on as R$ 85,90 + R$ 24,00', () => {
    const quote = quoteOneTime(catalogue, 'followers', 1000, ['likes'])!;
    expect(quote.addOns).toEqual([{ product: 'likes', quantity: 300, priceCents: 2400 }]);
    expect(quote.totalCents).toBe(10990);
  });

  it('ignores an add-on of the product itself and duplicates', () => {
    expect(quoteOneTime(catalogue, 'likes', 500, ['likes', 'views', 'views'])!.addOns).toHaveLength(1);
  });

  it('rejects a package the operator switched off', () => {
    expect(quoteOneTime(catalogue, 'views', 4000, [], ['views-4000'])).toBeUndefined();
    expect(quoteOneTime(catalogue, 'views', 3000, [], ['views-4000'])).toBeDefined();
  });

  it('rejects every package of a product switched off as a whole (no panel service)', () => {
    expect(quoteOneTime(catalogue, 'likes', 500, [], ['likes-*'])).toBeUndefined();
    expect(quoteOneTime(catalogue, 'followers', 1000, [], ['likes-*'])).toBeDefined();
  });

  it('rejects an unknown amount', () => {
    expect(quoteOneTime(catalogue, 'followers', 999)).toBeUndefined();
  });

  it('settles above R$ 150,00 on WhatsApp, not at R$ 150,00', () => {
    expect(quoteOneTime(catalogue, 'followers', 2000)!.settlesOnWhatsapp).toBe(false); // 135,90
    expect(quoteOneTime(catalogue, 'followers', 2000, ['likes'])!.settlesOnWhatsapp).toBe(true); // 135,90 + 48,00
  });
});

describe('instalmentOptions', () => {
  it('offers 1x to 12x whose parts add up to the total', () => {
    const options = instalmentOptions(8590);
    expect(options.map((o) => o.count)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    for (const o of options) {
      expect(o.instalmentCents * (o.count - 1) + o.lastInstalmentCents).toBe(8590);
      expect(o.lastInstalmentCents - o.instalmentCents).toBeLessThan(o.count);
    }
    expect(options[0]).toEqual({ count: 1, instalmentCents: 8590, lastInstalmentCents: 8590 });
    expect(options[2]).toEqual({ count: 3, instalmentCents: 2863, lastInstalmentCents: 2864 });
  });
});
