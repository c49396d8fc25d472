import { describe, expect, it } from 'vitest';
import { costCents, currencyRule, packageCosts } from './package-costs';
import type { PanelService } from './panel';

const service = (id: string, rate: string): PanelService => ({
  service: id,
  name: `Serviço ${id}`,
  type: 'Default',
  rate,
  min: 10,
  max: 100_000,
  dripfeed: false,
  refill: false,
  cancel: false,
});

describe('costCents', () => {
  it('prices amount × rate per 1.000 × reais per unit, exactly, half up', () => {
    expect(costCents(1000, '9', '1')).toBe(900);
    expect(costCents(500, '0.90', '1')).toBe(45);
    // 250 × 0.0523 / 1000 × 5.4 = 0.070605 reais: 7 centavos.
    expect(costCents(250, '0.0523', '5.4')).toBe(7);
    // 0.5 centavo rounds up; a float would give 0.49999… on some inputs.
    expect(costCents(1000, '0.005', '1')).toBe(1);
    expect(costCents(1000, '0.0049', '1')).toBe(0);
  });
  it('refuses what is not a decimal', () => {
    expect(costCents(1000, '1e3', '1')).toBeNull();
    expect(costCents(1000, '9', '-1')).toBeNull();
  });
});

describe('currencyRule', () => {
  it('needs nothing for BRL, takes SMM_BRL_RATE otherwise, and never guesses', () => {
    expect(currencyRule('brl', '5.4')).toEqual({ currency: 'BRL', rule: 'brl', brlPerUnit: '1' });
    expect(currencyRule('USD', '5.4')).toEqual({ currency: 'USD', rule: 'configured', brlPerUnit: '5.4' });
    expect(currencyRule('USD', null)).toEqual({ currency: 'USD', rule: 'missing', brlPerUnit: null });
    expect(currencyRule('', null)).toEqual({ currency: null, rule: 'missing', brlPerUnit: null });
  });
});

describe('packageCosts', () => {
  const products = [
    {
      id: 'followers' as const,
      packages: [
        { amount: 1000, priceCents: 4990, panelServiceId: null },
        { amount: 2000, priceCents: 8990, panelServiceId: '9' },
      ],
    },
    { id: 'likes' as const, packages: [{ amount: 500, priceCents: 1990, panelServiceId: null }] },
  ];
  const services = [service('1', '9.00'), service('9', '4.5')];

  it('uses a package’s own service, else its product’s; margin in centavos and basis points', () => {
    const costs = packageCosts(
      products,
      { followers: '1', likes: '404' },
      services,
      currencyRule('BRL', null),
    );
    expect(costs).toEqual([
      expect.objectContaining({
        amount: 1000,
        serviceId: '1',
        costCents: 900,
        marginCents: 4090,
        marginBasisPoints: 8196,
      }),
      expect.objectContaining({
        amount: 2000,
        serviceId: '9',
        costCents: 900,
        marginCents: 8090,
        marginBasisPoints: 8999,
      }),
      // A service the panel does not have: no rate, no cost.
      expect.objectContaining({ product: 'likes', rate: null, costCents: null, marginCents: null }),
    ]);
  });

  it('computes no cost when the currency cannot be converted', () => {
    const [first] = packageCosts(products, { followers: '1' }, services, currencyRule('USD', null));
    expect(first).toMatchObject({ rate: '9.00', costCents: null, marginBasisPoints: null });
  });
});
