import { describe, expect, it } from 'vitest';
import { checkPaymentChoice, priceOrder, requestHash } from './order-pricing';
import { openingCatalogue } from '#tests/helpers/opening-catalogue.ts';
import type { CreateOrderInput } from '../../shared/schemas/checkout';

const base: CreateOrderInput = {
  item: { type: 'followers', amount: 1000 },
  instagram: 'loja.da.ana',
  whatsapp: '11912345678',
  whatsappUpdates: false,
  addOns: ['likes'],
  addOnLinks: { likes: 'https://www.instagram.com/p/abc/' },
  name: 'Ana',
  email: 'ana@exemplo.com',
  cpf: '52998224725',
  paymentMethod: 'pix',
  installments: 1,
};

describe('priceOrder', () => {
  it('prices from the catalogue alone: package + add-on (docs/product.md#add-ons, #prices)', () => {
    const priced = priceOrder(openingCatalogue, base, []);
    // 1000 followers R$ 85,90 + 300 likes × R$ 0,08.
    expect(priced).toMatchObject({
      packageCents: 8590,
      addOnsCents: 2400,
      totalCents: 10990,
      quantity: 1000,
    });
    expect(priced.postLink).toBeNull();
  });

  it('refuses an unknown or switched-off package, and likes without a post link', () => {
    expect(() =>
      priceOrder(openingCatalogue, { ...base, item: { type: 'followers', amount: 123 } }, []),
    ).toThrow(expect.objectContaining({ code: 'unknown_package' }));
    expect(() => priceOrder(openingCatalogue, base, ['followers-1000'])).toThrow(
      expect.objectContaining({ code: 'unknown_package' }),
    );
    expect(() =>
      priceOrder(openingCatalogue, { ...base, item: { type: 'likes', amount: 1000 } }, []),
    ).toThrow(expect.objectContaining({ code: 'post_link_required' }));
  });

  it('prices a plan at its monthly price, with no add-ons', () => {
    const plan = priceOrder(openingCatalogue, { ...base, item: { type: 'recurring', plan: 'simples' } }, []);
    expect(plan).toMatchObject({
      service: 'recurring',
      planId: 'simples',
      totalCents: 19700,
      addOnsCents: 0,
    });
  });
});

it('requestHash ignores the card (never hashed or stored) but not the rest', () => {
  const card = { number: '4444444444444444', expiry: '12/30', cvv: '123', holderName: 'ANA' };
  expect(requestHash({ ...base, card })).toBe(requestHash(base));
  expect(requestHash({ ...base, name: 'Outra' })).not.toBe(requestHash(base));
});

describe('checkPaymentChoice', () => {
  const policy = {
    hasAddress: false,
    hasCpf: true,
    recurring: false,
    cardCheckout: 'transparent' as const,
    cardNeedsAddress: true,
    now: new Date('2026-11-23T12:00:00Z'),
  };
  const card = { number: '4444444444444444', expiry: '12/30', cvv: '123', holderName: 'ANA' };
  it('paying here needs the CPF (issue 45 §3: only an order settled on WhatsApp goes without)', () => {
    expect(() =>
      checkPaymentChoice({ paymentMethod: 'pix', installments: 1 }, { ...policy, hasCpf: false }),
    ).toThrow(expect.objectContaining({ code: 'cpf_required', details: { field: 'cpf' } }));
  });
  it('plans take no debit; a typed card needs number, live expiry and, when asked, the address', () => {
    expect(() =>
      checkPaymentChoice({ paymentMethod: 'debit_card', installments: 1 }, { ...policy, recurring: true }),
    ).toThrow(expect.objectContaining({ code: 'plan_methods' }));
    expect(() => checkPaymentChoice({ paymentMethod: 'credit_card', installments: 1 }, policy)).toThrow(
      expect.objectContaining({ code: 'card_number_required' }),
    );
    expect(() =>
      checkPaymentChoice(
        { paymentMethod: 'credit_card', installments: 1, card: { ...card, expiry: '10/26' } },
        policy,
      ),
    ).toThrow(expect.objectContaining({ code: 'card_expiry_invalid' }));
    expect(() => checkPaymentChoice({ paymentMethod: 'credit_card', installments: 1, card }, policy)).toThrow(
      expect.objectContaining({ code: 'address_required' }),
    );
    expect(() =>
      checkPaymentChoice(
        { paymentMethod: 'credit_card', installments: 1, card },
        { ...policy, hasAddress: true },
      ),
    ).not.toThrow();
    // The provider's hosted page asks for its own data.
    expect(() =>
      checkPaymentChoice(
        { paymentMethod: 'credit_card', installments: 1 },
        { ...policy, cardCheckout: 'hosted' },
      ),
    ).not.toThrow();
  });
});
