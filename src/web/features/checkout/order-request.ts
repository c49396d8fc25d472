import { messages } from '../../../shared/messages';
import { createOrderSchema, type CheckoutItem } from '../../../shared/schemas/checkout';
import { isExpiryValid } from '../../../shared/validators/documents';
import {
  issuesToErrors,
  type FieldErrors,
  type StepOneValues,
  type StepTwoValues,
} from './checkout-form-state';

export interface RequestPolicy {
  /** Above R$ 150: settled on WhatsApp, so no payment data is sent (DECISIONS 11). */
  settlesOnWhatsapp: boolean;
  /** 'hosted': the provider's page takes the card, so our form sends none (DECISIONS 16). */
  cardCheckout: 'transparent' | 'hosted';
}

/** The body of POST /api/orders from the two steps' fields. No price: the server prices (DECISIONS 5). */
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
  const hasAddress = Object.values(address).some((v) => v.trim());
  const typedCard =
    two.paymentMethod === 'credit_card' && !policy.settlesOnWhatsapp && policy.cardCheckout === 'transparent';
  return {
    item,
    ...one,
    name: two.name,
    email: two.email,
    cpf: two.cpf,
    ...(hasAddress ? { address } : {}),
    paymentMethod: policy.settlesOnWhatsapp ? 'pix' : two.paymentMethod,
    installments: two.paymentMethod === 'credit_card' ? Number(two.installments) : 1,
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
 * The same checks as the server's, before sending: the shared schema, a card's expiry against today, and
 * the billing address when card charges need one. Empty when the body may go.
 */
export function checkOrderRequest(
  body: OrderRequestBody,
  options: { cardNeedsAddress: boolean; now: Date },
): FieldErrors {
  const result = createOrderSchema.safeParse(body);
  const errors = result.success ? {} : issuesToErrors(result.error.issues);
  if (body.card?.expiry && !errors['card.expiry'] && !isExpiryValid(body.card.expiry, options.now)) {
    errors['card.expiry'] = messages.card_expiry_invalid;
  }
  if (body.card && options.cardNeedsAddress && !('address' in body)) {
    errors['address.cep'] ??= messages.address_required;
  }
  return errors;
}
