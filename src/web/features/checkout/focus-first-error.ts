import type { FieldErrors } from '../../lib/field-errors';

/** Checkout fields whose input id is not the error's field name. */
export const checkoutFieldIds: Record<string, string> = {
  'card.number': 'cardNumber',
  'card.expiry': 'cardExpiry',
  'card.cvv': 'cardCvv',
  'card.holderName': 'cardName',
  'address.cep': 'cep',
  'address.street': 'street',
  'address.number': 'number',
  'address.neighborhood': 'neighborhood',
  'address.city': 'city',
  'address.state': 'state',
  'company.cnpj': 'cnpj',
  'company.name': 'companyName',
};

/** Moves focus to the first field with an error (an error the server sent back, say). */
export function focusFirstError(errors: FieldErrors) {
  const first = Object.keys(errors)[0];
  if (!first) return;
  window.setTimeout(() => document.getElementById(checkoutFieldIds[first] ?? first)?.focus(), 0);
}
