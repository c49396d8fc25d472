import { balanceCents } from './fake-asaas-account';
import {
  bad,
  cents,
  emit,
  notFound,
  ok,
  saoPauloDateTime,
  type Answer,
  type FakeInstallment,
  type FakePayment,
  type FakeRefundStatus,
  type FakeState,
} from './fake-asaas-state';

// Refunds (Asaas API v3, 'Estornar cobrança', 'Estornar parcelamento', 'Estornos'). A payment keeps its
// refund items in `refunds` (they have no id); only RECEIVED or CONFIRMED payments can be refunded, and the
// refunds not CANCELLED may add up to the payment's value at most. Sums are kept in centavos.

type Body = Record<string, unknown>;
const refundable = new Set(['RECEIVED', 'CONFIRMED']);
const open = new Set<FakeRefundStatus>([
  'PENDING',
  'AWAITING_CRITICAL_ACTION_AUTHORIZATION',
  'AWAITING_CUSTOMER_EXTERNAL_AUTHORIZATION',
]);
const firstStatus = {
  done: 'DONE',
  pending: 'PENDING',
  awaiting_authorization: 'AWAITING_CRITICAL_ACTION_AUTHORIZATION',
} as const;

const sum = (payment: FakePayment, keep: (status: FakeRefundStatus) => boolean) =>
  (payment.refunds ?? []).filter((r) => keep(r.status)).reduce((n, r) => n + cents(r.value), 0);
/** Centavos of the payment not yet refunded nor being refunded. */
const leftCents = (payment: FakePayment) => cents(payment.value) - sum(payment, (s) => s !== 'CANCELLED');

/** After items became DONE: REFUNDED once they add up to the value, else a partial refund. */
function settle(state: FakeState, payment: FakePayment) {
  if (sum(payment, (s) => s === 'DONE') === cents(payment.value)) {
    payment.status = 'REFUNDED';
    state.statusBeforeRefund.delete(payment.id);
    emit(state, 'PAYMENT_REFUNDED', payment);
  } else emit(state, 'PAYMENT_PARTIALLY_REFUNDED', payment);
}

/** Adds one refund item of `amount` centavos, as the fake's refundMode says it goes on. */
function addRefund(state: FakeState, payment: FakePayment, amount: number, description: string | null) {
  payment.refunds = [
    ...(payment.refunds ?? []),
    {
      dateCreated: saoPauloDateTime(state.clock()),
      status: firstStatus[state.refundMode],
      value: amount / 100,
      description,
      transactionReceiptUrl: null,
      endToEndIdentifier: null,
    },
  ];
  if (state.refundMode === 'done') return settle(state, payment);
  // A refund still under way: a whole one shows as REFUND_REQUESTED, a partial one changes nothing yet.
  if (leftCents(payment) === 0) {
    state.statusBeforeRefund.set(payment.id, payment.status);
    payment.status = 'REFUND_REQUESTED';
  }
}

/** POST /payments/{id}/refund, body `{ value?, description? }`: no value refunds all that is left. */
export function refundPayment(state: FakeState, payment: FakePayment, body: Body): Answer {
  if (!refundable.has(payment.status))
    return bad('invalid_action', 'Só é possível estornar cobranças recebidas ou confirmadas.');
  if (body.value !== undefined && typeof body.value !== 'number')
    return bad('invalid_value', 'O valor do estorno é inválido.');
  const left = leftCents(payment);
  const amount = body.value === undefined ? left : cents(body.value);
  if (amount <= 0 || amount > left) return bad('invalid_value', 'Valor de estorno maior que o disponível.');
  // A PIX goes back from the account's balance: short of it, Asaas answers 400, its fees being kept
  // (docs.asaas.com 'Estornar cobrança'; the page names no code or text: these are the fake's).
  if (payment.billingType === 'PIX' && amount > balanceCents(state))
    return bad('insufficient_balance', 'Saldo insuficiente para realizar o estorno. Adicione saldo à conta.');
  addRefund(state, payment, amount, typeof body.description === 'string' ? body.description : null);
  return ok({ object: 'payment', ...payment });
}

/**
 * POST /installments/{id}/refund, body `{ value? }`: no value refunds every instalment whole; a value is
 * refunded from the plan's last instalment backwards, each instalment up to what is left of it.
 */
export function refundInstallment(state: FakeState, installment: FakeInstallment, body: Body): Answer {
  const parts = installment.paymentIds.map((id) => state.payments.get(id)!);
  const unrefunded = parts.filter((p) => leftCents(p) > 0);
  if (unrefunded.length === 0 || unrefunded.some((p) => !refundable.has(p.status)))
    return bad('invalid_action', 'Só é possível estornar parcelamentos recebidos ou confirmados.');
  if (body.value !== undefined && typeof body.value !== 'number')
    return bad('invalid_value', 'O valor do estorno é inválido.');
  const total = unrefunded.reduce((n, p) => n + leftCents(p), 0);
  let remaining = body.value === undefined ? total : cents(body.value);
  if (remaining <= 0 || remaining > total)
    return bad('invalid_value', 'Valor de estorno maior que o disponível no parcelamento.');
  const order = body.value === undefined ? unrefunded : [...unrefunded].reverse();
  for (const part of order) {
    const amount = Math.min(leftCents(part), remaining);
    if (amount <= 0) break;
    addRefund(state, part, amount, null);
    remaining -= amount;
  }
  return ok({
    object: 'installment',
    id: installment.id,
    value: installment.value,
    installmentCount: installment.installmentCount,
    refunds: parts.flatMap((p) => p.refunds ?? []),
  });
}

/** The payment, or every payment of the instalment plan, `id` names. */
function paymentsOf(state: FakeState, id: string): FakePayment[] {
  const plan = state.installments.get(id);
  if (plan) return plan.paymentIds.map((p) => state.payments.get(p)!);
  const payment = state.payments.get(id);
  if (!payment) throw new Error(`no payment or instalment plan ${id}`);
  return [payment];
}

/** The payments of `id` with refunds still under way; a test asking for none has a mistake. */
function withOpenRefunds(state: FakeState, id: string): FakePayment[] {
  const found = paymentsOf(state, id).filter((p) => (p.refunds ?? []).some((r) => open.has(r.status)));
  if (found.length === 0) throw new Error(`no refund under way for ${id}`);
  return found;
}

/** Asaas finishes the refunds under way: items DONE, then REFUNDED or PAYMENT_PARTIALLY_REFUNDED. */
export function completeRefunds(state: FakeState, id: string) {
  for (const payment of withOpenRefunds(state, id)) {
    for (const item of payment.refunds ?? []) if (open.has(item.status)) item.status = 'DONE';
    settle(state, payment);
  }
}

/**
 * Asaas refuses the refunds under way: items CANCELLED, the payment back to the status it had, and
 * PAYMENT_REFUND_DENIED ('Eventos para cobranças').
 */
export function denyRefund(state: FakeState, id: string, reason?: string) {
  for (const payment of withOpenRefunds(state, id)) {
    for (const item of (payment.refunds ?? []).filter((r) => open.has(r.status))) {
      item.status = 'CANCELLED';
      if (reason) item.refusalReason = reason;
    }
    const before = state.statusBeforeRefund.get(payment.id);
    if (payment.status === 'REFUND_REQUESTED' && before) payment.status = before;
    state.statusBeforeRefund.delete(payment.id);
    emit(state, 'PAYMENT_REFUND_DENIED', payment);
  }
}

/** POST /installments/{id}/refund by id. */
export function installmentRefundRoute(state: FakeState, id: string, body: Body): Answer {
  const installment = state.installments.get(id);
  return installment ? refundInstallment(state, installment, body) : notFound('Parcelamento não encontrado.');
}
