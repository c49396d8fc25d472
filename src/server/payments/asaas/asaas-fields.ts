import type { CardDetails, ChargeRequest } from '../payment-provider';

/** Centavos → the reais Asaas takes. */
export const reais = (cents: number) => Math.round(cents) / 100;

/** Asaas dates are São Paulo wall time ('yyyy-MM-dd HH:mm:ss'); Brazil has had no DST since 2019. */
export function parseAsaasDate(value: string): Date {
  const iso = value.includes('T') ? value : value.replace(' ', 'T');
  return new Date(
    /[zZ]|[+-]\d{2}:?\d{2}$/.test(iso) ? iso : `${iso.length === 10 ? `${iso}T23:59:59` : iso}-03:00`,
  );
}

/** Asaas's card objects (reference §1.5): the card, its holder (must match the bank's records), the IP. */
export function cardFields(charge: ChargeRequest, card: CardDetails) {
  const address = charge.customer.address;
  return {
    creditCard: {
      holderName: card.holderName,
      number: card.number,
      expiryMonth: card.expiryMonth,
      expiryYear: card.expiryYear,
      ccv: card.cvv,
    },
    creditCardHolderInfo: {
      name: charge.customer.name,
      email: charge.customer.email,
      cpfCnpj: charge.customer.cpf,
      postalCode: address?.cep,
      addressNumber: address?.number,
      phone: charge.customer.phone,
      mobilePhone: charge.customer.phone,
    },
    remoteIp: charge.remoteIp,
  };
}

/**
 * The amount of a charge (`value` in reais, required by Asaas's document, PaymentSaveRequestDto): in
 * instalments also `installmentCount` and `totalValue`, which Asaas splits itself (the remainder on the
 * last); a single payment takes `value` only (reference §1.4).
 */
export const installmentFields = (installments: number, value: number) =>
  installments > 1 ? { value, installmentCount: installments, totalValue: value } : { value };
