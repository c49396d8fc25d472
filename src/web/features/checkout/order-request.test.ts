import { describe, expect, it } from 'vitest';
import { emptyStepOne, emptyStepTwo, type StepOneValues, type StepTwoValues } from './checkout-form-state';
import { buildOrderRequest, cardChecks } from './order-request';

const item = { type: 'followers', amount: 1000 } as const;
const one: StepOneValues = {
  ...emptyStepOne,
  whatsappUpdates: false,
  instagram: 'loja.da.ana',
  whatsapp: '(11) 9 1234-5678',
};
const payer: StepTwoValues = {
  ...emptyStepTwo,
  name: 'Ana Souza',
  email: 'ana@exemplo.com',
  cpf: '529.982.247-25',
};
const card = {
  cardNumber: '4444 4444 4444 4444',
  cardExpiry: '12/30',
  cardCvv: '123',
  cardName: 'ANA SOUZA',
};
const transparent = { settlesOnWhatsapp: false, cardCheckout: 'transparent' as const };

describe('buildOrderRequest', () => {
  it('sends the company only while "Precisa de nota em nome de empresa?" is ticked', () => {
    const company = { cnpj: '11.222.333/0001-81', companyName: 'Agência Exemplo Ltda' };
    const two = { ...payer, paymentMethod: 'pix' as const };
    expect(buildOrderRequest(item, { ...one, ...company }, two, transparent)).not.toHaveProperty('company');
    const body = buildOrderRequest(item, { ...one, ...company, companyInvoice: true }, two, transparent);
    expect(body.company).toEqual({ cnpj: '11.222.333/0001-81', name: 'Agência Exemplo Ltda' });
    expect(body).not.toHaveProperty('cnpj');
    expect(body).not.toHaveProperty('companyInvoice');
  });

  it('sends PIX with no card and no empty address, and never a price', () => {
    const body = buildOrderRequest(item, one, { ...payer, paymentMethod: 'pix', ...card }, transparent);
    expect(body).toMatchObject({ paymentMethod: 'pix', installments: 1, name: 'Ana Souza' });
    expect(body).not.toHaveProperty('card');
    expect(body).not.toHaveProperty('address');
    expect(JSON.stringify(body)).not.toMatch(/price|total/i);
  });

  it('sends the typed card and instalments only on our own card form', () => {
    const two = { ...payer, paymentMethod: 'credit_card' as const, installments: '3', ...card };
    expect(buildOrderRequest(item, one, two, transparent)).toMatchObject({
      installments: 3,
      card: { number: card.cardNumber, expiry: '12/30', cvv: '123', holderName: 'ANA SOUZA' },
    });
    expect(buildOrderRequest(item, one, two, { ...transparent, cardCheckout: 'hosted' })).not.toHaveProperty(
      'card',
    );
    expect(buildOrderRequest(item, one, two, { ...transparent, settlesOnWhatsapp: true })).toMatchObject({
      paymentMethod: 'pix',
    });
  });

  it('with a card typed here, sends the address once any part of it is filled (its gaps are errors)', () => {
    const body = buildOrderRequest(
      item,
      one,
      { ...payer, paymentMethod: 'credit_card', ...card, cep: '01310-100' },
      transparent,
    );
    expect(body.address).toMatchObject({ cep: '01310-100', street: '' });
  });

  it('by PIX, a lone CEP is not sent: the address is optional there (issue 25 §5)', () => {
    const body = buildOrderRequest(
      item,
      one,
      { ...payer, paymentMethod: 'pix', cep: '01310-100' },
      transparent,
    );
    expect(body).not.toHaveProperty('address');
    const full = {
      cep: '01310-100',
      street: 'Av. Paulista',
      number: '1000',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    };
    expect(
      buildOrderRequest(item, one, { ...payer, paymentMethod: 'pix', ...full }, transparent).address,
    ).toEqual(full);
  });
});

describe('cardChecks (what the schema cannot see)', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it('passes PIX, and a live card with its address', () => {
    const pix = buildOrderRequest(item, one, { ...payer, paymentMethod: 'pix' }, transparent);
    expect(cardChecks(pix, { cardNeedsAddress: true, now })).toEqual({});
    const withAddress = { ...payer, paymentMethod: 'credit_card' as const, ...card, cep: '01310-100' };
    expect(
      cardChecks(buildOrderRequest(item, one, withAddress, transparent), { cardNeedsAddress: true, now }),
    ).toEqual({});
  });

  it('flags an expired card and a card without the billing address the provider asks for', () => {
    const two = { ...payer, paymentMethod: 'credit_card' as const, ...card, cardExpiry: '10/26' };
    const errors = cardChecks(buildOrderRequest(item, one, two, transparent), {
      cardNeedsAddress: true,
      now,
    });
    expect(errors['card.expiry']).toBe('Validade inválida ou vencida');
    expect(errors['address.cep']).toBe(
      'Para pagar com cartão, preencha CEP, rua, número, bairro, cidade e UF',
    );
  });
});
