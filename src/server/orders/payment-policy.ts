import type { PaymentChoice } from '../payments/payment-attempt';

/** What checkPaymentChoice needs to know of the shop: card data typed on our page, or the provider's page. */
export const choicePolicy = (deps: {
  cardCheckout: 'transparent' | 'hosted';
  cardNeedsAddress: boolean;
  clock: () => Date;
}) => ({ cardCheckout: deps.cardCheckout, cardNeedsAddress: deps.cardNeedsAddress, now: deps.clock() });

/**
 * Instalments are a credit card's, for a one-time order: a PIX, a debit card or a plan's month is charged
 * whole whatever the request says (docs/product.md#cards-and-instalments).
 */
export const withInstalments = (choice: PaymentChoice, recurring: boolean): PaymentChoice => ({
  ...choice,
  installments: choice.paymentMethod === 'credit_card' && !recurring ? choice.installments : 1,
});

/** Card data typed on our page goes to the provider (hosted pages do their own anti-fraud). */
export const cardCrossesUs = (deps: { cardCheckout: 'transparent' | 'hosted' }, choice: PaymentChoice) =>
  choice.paymentMethod === 'credit_card' && deps.cardCheckout === 'transparent';
