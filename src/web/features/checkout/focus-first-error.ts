import type { FieldErrors } from './checkout-form-state';

/** Moves focus to the first field with an error (the card fields have ids of their own). */
export function focusFirstError(errors: FieldErrors) {
  const first = Object.keys(errors)[0];
  if (!first) return;
  const id =
    {
      'card.number': 'cardNumber',
      'card.expiry': 'cardExpiry',
      'card.cvv': 'cardCvv',
      'card.holderName': 'cardName',
    }[first] ?? first.replace(/^address\./, '');
  window.setTimeout(() => document.getElementById(id)?.focus(), 0);
}
