import type { CardInput } from '../../shared/schemas/checkout';
import type { CardDetails } from './payment-provider';

/** MM/AA from the form → what providers take (expiry year with four digits). */
export function toCardDetails(card: CardInput): CardDetails {
  const [expiryMonth = '', expiryYear = ''] = card.expiry.replace('/', '').match(/.{2}/g) ?? [];
  return {
    number: card.number,
    expiryMonth,
    expiryYear: `20${expiryYear}`,
    cvv: card.cvv,
    holderName: card.holderName,
  };
}
