import { saoPauloDate, type FakeState } from './fake-asaas-state';

// What Asaas's OpenAPI document requires of a charge or a subscription (PaymentSaveRequestDTO,
// SubscriptionSaveRequestDTO; Asaas API v3, 'Criar nova cobrança', 'Criar nova assinatura'). A request
// that breaks a rule is answered 400 with errors[], as Asaas does, so a mistake in our requests fails a test.

type Body = Record<string, unknown>;
export type Refusal = { code: string; description: string };

const billingTypes = new Set(['UNDEFINED', 'BOLETO', 'CREDIT_CARD', 'PIX']);
const cycles = new Set(['WEEKLY', 'BIWEEKLY', 'MONTHLY', 'QUARTERLY', 'SEMIANNUALLY', 'YEARLY']);
const cardFields = ['holderName', 'number', 'expiryMonth', 'expiryYear', 'ccv'] as const;
const holderFields = ['name', 'email', 'cpfCnpj', 'postalCode', 'addressNumber', 'phone'] as const;
/** The sandbox's documented refusal cards (Asaas docs, 'Como testar funcionalidades': cartão de crédito). */
export const declinedCards = new Set(['5184019740373151', '4916561358240741']);

const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';
const isDate = (value: unknown) =>
  typeof value === 'string' &&
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  !Number.isNaN(new Date(`${value}T00:00:00Z`).getTime());
const refusal = (code: string, description: string): Refusal => ({ code, description });

/** The card objects sent with a card charge or a card subscription. */
function cardRefusal(body: Body): Refusal | null {
  if (body.billingType !== 'CREDIT_CARD')
    return refusal('invalid_billingType', 'Dados de cartão só são aceitos em cobranças por cartão.');
  const card = (body.creditCard ?? {}) as Body;
  for (const field of cardFields)
    if (!filled(card[field]))
      return refusal('invalid_creditCard', `O campo ${field} do cartão é obrigatório.`);
  if (!/^(0[1-9]|1[0-2])$/.test(String(card.expiryMonth)) || !/^\d{4}$/.test(String(card.expiryYear)))
    return refusal('invalid_creditCard', 'A validade do cartão é inválida.');
  if (!/^\d{3,4}$/.test(String(card.ccv))) return refusal('invalid_creditCard', 'O CCV é inválido.');
  const holder = body.creditCardHolderInfo as Body | undefined;
  if (!holder)
    return refusal('invalid_creditCardHolderInfo', 'Os dados do titular do cartão são obrigatórios.');
  for (const field of holderFields)
    if (!filled(holder[field]))
      return refusal('invalid_creditCardHolderInfo', `O campo ${field} do titular é obrigatório.`);
  if (!filled(body.remoteIp)) return refusal('invalid_remoteIp', 'O IP do cliente é obrigatório.');
  if (declinedCards.has(String(card.number)))
    return refusal(
      'invalid_creditCard',
      'Transação não autorizada. Verifique os dados do cartão de crédito e tente novamente.',
    );
  return null;
}

/**
 * A plan of instalments ('Criar cobrança parcelada'): 2 or more, with `totalValue` or `installmentValue`;
 * `value` is required by Asaas's document (PaymentSaveRequestDto) and taken alongside them
 * (tests/contracts/asaas/asaas-openapi.json); on a card up to 21 for Visa and Mastercard, 12 for other
 * brands (reference §1.5).
 */
function installmentRefusal(body: Body): Refusal | null {
  const count = body.installmentCount;
  const card = (body.creditCard ?? {}) as Body;
  const cardMax = /^(4|5[1-5]|2[2-7])/.test(String(card.number ?? '4')) ? 21 : 12;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 2 || count > cardMax)
    return refusal('invalid_installmentCount', 'O número de parcelas é inválido.');
  if (!(Number(body.totalValue) > 0) && !(Number(body.installmentValue) > 0))
    return refusal('invalid_value', 'Informe o valor total ou o valor da parcela.');
  return null;
}

function customerRefusal(state: FakeState, body: Body): Refusal | null {
  if (!filled(body.customer) || !state.customers.has(String(body.customer)))
    return refusal('invalid_customer', 'Cliente inválido ou inexistente.');
  if (!billingTypes.has(String(body.billingType)))
    return refusal('invalid_billingType', 'Forma de pagamento inválida.');
  return null;
}

/** POST /v3/payments */
export function chargeRefusal(state: FakeState, body: Body): Refusal | null {
  const first = customerRefusal(state, body);
  if (first) return first;
  if (!isDate(body.dueDate)) return refusal('invalid_dueDate', 'A data de vencimento é inválida.');
  // A due date before today in São Paulo, by the fake's clock, is refused.
  if (String(body.dueDate) < saoPauloDate(state.clock()))
    return refusal('invalid_dueDate', 'A data de vencimento não pode ser anterior à data atual.');
  if (body.installmentCount !== undefined) {
    const refused = installmentRefusal(body);
    if (refused) return refused;
  } else if (!(Number(body.value) > 0)) {
    return refusal('invalid_value', 'O valor da cobrança é inválido.');
  }
  if (body.creditCard !== undefined || body.creditCardHolderInfo !== undefined) return cardRefusal(body);
  return null;
}

/** POST /v3/subscriptions */
export function subscriptionRefusal(state: FakeState, body: Body): Refusal | null {
  const first = customerRefusal(state, body);
  if (first) return first;
  if (!isDate(body.nextDueDate))
    return refusal('invalid_nextDueDate', 'A data do primeiro vencimento é inválida.');
  if (!cycles.has(String(body.cycle))) return refusal('invalid_cycle', 'A periodicidade é inválida.');
  if (!(Number(body.value) > 0)) return refusal('invalid_value', 'O valor da assinatura é inválido.');
  if (body.creditCard !== undefined || body.creditCardHolderInfo !== undefined) return cardRefusal(body);
  return null;
}
