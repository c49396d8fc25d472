import { createHash } from 'node:crypto';
import { messages } from '../../shared/messages';
import type { Catalogue } from '../../shared/catalogue';
import { findPlan, isProductSwitchedOff, quoteOneTime } from '../../shared/pricing';
import type { CreateOrderInput } from '../../shared/schemas/checkout';
import { isExpiryValid } from '../../shared/validators/documents';
import { AppError } from '../errors';
import { addOnTargets } from '../../shared/add-on-targets';
import type { PaymentChoice } from '../payments/payment-attempt';

/**
 * The order's fields priced from the catalogue alone (docs/product.md#prices): the client's numbers are never
 * read.
 */
export function priceOrder(catalogue: Catalogue, input: CreateOrderInput, unavailable: readonly string[]) {
  // A product switched off (no panel service, issue 26 §5) is not sold, not even as an add-on.
  const refuse = (field: string) => {
    throw new AppError('invalid_input', 'product_unavailable', messages.product_unavailable, { field });
  };
  if (input.item.type !== 'recurring' && input.addOns.some((p) => isProductSwitchedOff(p, unavailable)))
    refuse('addOns');
  if (input.item.type === 'recurring') {
    // A plan's month is followers first: without their panel service there is nothing to sell.
    if (unavailable.includes('followers-*')) refuse('item');
    const plan = findPlan(catalogue, input.item.plan);
    return {
      service: 'recurring' as const,
      planId: plan.id,
      quantity: 1,
      postLink: null,
      addOns: [],
      addOnLinks: {},
      packageCents: plan.priceCents,
      addOnsCents: 0,
      totalCents: plan.priceCents,
      settlesOnWhatsapp: false,
    };
  }
  const quote = quoteOneTime(catalogue, input.item.type, input.item.amount, input.addOns, unavailable);
  if (!quote)
    throw new AppError('invalid_input', 'unknown_package', messages.unknown_package, { field: 'item' });
  const needsPostLink = quote.product !== 'followers';
  if (needsPostLink && !input.postLink) {
    throw new AppError('invalid_input', 'post_link_required', messages.post_link_required, {
      field: 'postLink',
    });
  }
  const { links: addOnLinks, missing } = addOnTargets({
    addOns: quote.addOns.map((line) => line.product),
    addOnLinks: input.addOnLinks,
    postLink: needsPostLink ? input.postLink : null,
  });
  if (missing[0])
    throw new AppError('invalid_input', 'add_on_link_required', messages.add_on_link_required, {
      field: `addOnLinks.${missing[0]}`,
    });
  return {
    service: quote.product,
    planId: null,
    quantity: quote.amount,
    postLink: needsPostLink ? (input.postLink ?? null) : null,
    addOns: quote.addOns,
    addOnLinks,
    packageCents: quote.packageCents,
    addOnsCents: quote.addOnsCents,
    totalCents: quote.totalCents,
    settlesOnWhatsapp: quote.settlesOnWhatsapp,
  };
}

/**
 * A fingerprint of what was asked, without card data (never hashed, never stored:
 * docs/product.md#cards-and-instalments).
 */
export function requestHash(input: CreateOrderInput): string {
  const { card, ...rest } = input;
  return createHash('sha256').update(JSON.stringify(rest)).digest('hex');
}

/**
 * What the chosen method needs before any provider is called: plans take PIX or credit card; a card
 * typed on our form needs its number, a valid expiry, and the billing address when the provider asks.
 */
export function checkPaymentChoice(
  choice: PaymentChoice,
  policy: {
    hasAddress: boolean;
    hasCpf: boolean;
    recurring: boolean;
    cardCheckout: 'transparent' | 'hosted';
    cardNeedsAddress: boolean;
    now: Date;
  },
) {
  if (!policy.hasCpf)
    throw new AppError('invalid_input', 'cpf_required', messages.cpf_required, { field: 'cpf' });
  if (policy.recurring && choice.paymentMethod === 'debit_card') {
    throw new AppError('invalid_input', 'plan_methods', messages.plan_methods, { field: 'paymentMethod' });
  }
  if (choice.paymentMethod !== 'credit_card' || policy.cardCheckout !== 'transparent') return;
  if (!choice.card) {
    throw new AppError('invalid_input', 'card_number_required', messages.card_number_required, {
      field: 'card.number',
    });
  }
  if (!isExpiryValid(choice.card.expiry, policy.now)) {
    throw new AppError('invalid_input', 'card_expiry_invalid', messages.card_expiry_invalid, {
      field: 'card.expiry',
    });
  }
  if (policy.cardNeedsAddress && !policy.hasAddress) {
    throw new AppError('invalid_input', 'address_required', messages.address_required, {
      field: 'address.cep',
    });
  }
}
