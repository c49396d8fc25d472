import { messages } from '#shared/messages.ts';
import type { CheckoutItem } from '#shared/schemas/checkout.ts';
import { isExpiryValid } from '#shared/validators/documents.ts';
import { stepOneRequest, type StepOneValues, type StepTwoValues } from './checkout-form-state';
import type { FieldErrors } from '../../lib/field-errors';

export interface RequestPolicy {
  /** Above R$ 150: settled on WhatsApp, so no payment data is sent (docs/product.md#whatsapp-settlement). */
  settlesOnWhatsapp: boolean;
  /**
   * 'hosted': the provider's page takes the card, so our form sends none
   * (docs/product.md#cards-and-instalments).
   */
  cardCheckout: 'transparent' | 'hosted';
  /** A coupon the server priced at "Aplicar"; it prices it again with the order. */
  couponCode?: string | null;
}

/**
 * The body of POST /api/orders from the two steps' fields. No price: the server prices
 * (docs/product.md#prices).
 */
export function buildOrderRequest(
  item: CheckoutItem,
  one: StepOneValues,
  two: StepTwoValues,
  policy: RequestPolicy,
) {
  const address = {
    cep: two.cep,
    street: two.street,
    number: two.number,
    neighborhood: two.neighborhood,
    city: two.city,
    state: two.state,
  };
  const typedCard =
    two.paymentMethod === 'credit_card' && !policy.settlesOnWhatsapp && policy.cardCheckout === 'transparent';
  // "Endereço (opcional)": only a card typed here needs it, so only then does a part of it count (and
  // its gaps get their errors); otherwise it goes when complete, and a lone CEP never blocks a PIX.
  const filled = Object.values(address).filter((v) => v.trim()).length;
  const hasAddress = typedCard ? filled > 0 : filled === Object.keys(address).length;
  return {
    item,
    ...stepOneRequest(one),
    name: two.name,
    email: two.email,
    // An order settled on WhatsApp is paid with the team: no CPF asked here (issue 45 §3).
    ...(policy.settlesOnWhatsapp ? {} : { cpf: two.cpf }),
    ...(hasAddress ? { address } : {}),
    paymentMethod: policy.settlesOnWhatsapp ? 'pix' : two.paymentMethod,
    installments:
      two.paymentMethod === 'credit_card' && item.type !== 'recurring' ? Number(two.installments) : 1,
    ...(policy.couponCode ? { couponCode: policy.couponCode } : {}),
    ...(typedCard
      ? {
          card: {
            number: two.cardNumber,
            expiry: two.cardExpiry,
            cvv: two.cardCvv,
            holderName: two.cardName,
          },
        }
      : {}),
  };
}

export type OrderRequestBody = ReturnType<typeof buildOrderRequest>;

/**
 * What the shared schema cannot check before sending: a card's expiry against today, and the billing
 * address when card charges need one (as the server checks them too).
 */
export function cardChecks(
  body: OrderRequestBody,
  options: { cardNeedsAddress: boolean; now: Date },
): FieldErrors {
  const errors: FieldErrors = {};
  if (body.card?.expiry && !isExpiryValid(body.card.expiry, options.now)) {
    errors['card.expiry'] = messages.card_expiry_invalid;
  }
  if (body.card && options.cardNeedsAddress && !('address' in body))
    errors['address.cep'] = messages.address_required;
  return errors;
}
