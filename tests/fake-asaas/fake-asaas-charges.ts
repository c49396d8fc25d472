import { randomUUID } from 'node:crypto';
import { buildStaticPix } from '#server/payments/br-code.ts';
import { chargeRefusal } from './fake-asaas-rules';
import {
  bad,
  cents,
  emit,
  newPaymentId,
  notFound,
  ok,
  saoPauloDate,
  transition,
  type Answer,
  type FakePayment,
  type FakeState,
} from './fake-asaas-state';

// Charges (Asaas API v3, 'Criar nova cobrança', 'Excluir cobrança', 'Obter QR Code para pagamentos via
// Pix'), and what time does to them: a charge not paid by the end of its due date becomes OVERDUE.

type Body = Record<string, unknown>;
// 1×1 PNG
const tinyPng =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const plusMonths = (date: string, months: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
};

export function newPayment(state: FakeState, fields: Omit<FakePayment, 'id' | 'invoiceUrl'>): FakePayment {
  const id = newPaymentId();
  const payment: FakePayment = { id, ...fields, invoiceUrl: `https://sandbox.asaas.example/i/${id}` };
  state.payments.set(id, payment);
  emit(state, 'PAYMENT_CREATED', payment);
  if (payment.status === 'CONFIRMED') emit(state, 'PAYMENT_CONFIRMED', payment);
  if (payment.status === 'AWAITING_RISK_ANALYSIS') emit(state, 'PAYMENT_AWAITING_RISK_ANALYSIS', payment);
  return payment;
}

/** A card charge is authorised at once (or held for risk analysis); other charges wait to be paid. */
export const initialStatus = (state: FakeState, body: Body) =>
  body.creditCard ? (state.riskAnalysis ? 'AWAITING_RISK_ANALYSIS' : 'CONFIRMED') : 'PENDING';

/** POST /payments: one charge, or a card instalment plan of one payment per instalment. */
export function createCharge(state: FakeState, body: Body): Answer {
  const refused = chargeRefusal(state, body);
  if (refused) return bad(refused.code, refused.description);
  const base = {
    customer: String(body.customer),
    billingType: String(body.billingType),
    status: initialStatus(state, body),
    ...(body.externalReference ? { externalReference: String(body.externalReference) } : {}),
  };
  const dueDate = String(body.dueDate);
  if (body.installmentCount === undefined)
    return ok({ object: 'payment', ...newPayment(state, { ...base, value: Number(body.value), dueDate }) });
  // The rounding remainder goes on the last instalment ('Criar cobrança parcelada').
  const count = Number(body.installmentCount);
  const total = cents(body.totalValue ? Number(body.totalValue) : Number(body.installmentValue) * count);
  const each = Math.floor(total / count);
  const installment = `ins_${randomUUID().replace(/-/g, '').slice(0, 14)}`;
  const payments = Array.from({ length: count }, (_, i) =>
    newPayment(state, {
      ...base,
      value: (i === count - 1 ? total - each * (count - 1) : each) / 100,
      dueDate: plusMonths(dueDate, i),
      installment,
      installmentNumber: i + 1,
    }),
  );
  state.installments.set(installment, {
    id: installment,
    installmentCount: count,
    value: total / 100,
    paymentIds: payments.map((p) => p.id),
  });
  return ok({ object: 'payment', ...payments[0] });
}

/** DELETE /payments/{id}: only a charge not yet paid (PENDING or OVERDUE) can be removed. */
export function removePayment(state: FakeState, payment: FakePayment): Answer {
  if (payment.deleted)
    return state.deletedChargeAnswer === 200
      ? ok({ deleted: true, id: payment.id })
      : notFound('Cobrança não encontrada.');
  if (!['PENDING', 'OVERDUE'].includes(payment.status))
    return bad('invalid_action', 'Não é possível remover uma cobrança já recebida.');
  payment.deleted = true;
  emit(state, 'PAYMENT_DELETED', payment);
  return ok({ deleted: true, id: payment.id });
}

/** Billing types whose charge Asaas marks OVERDUE after its due date (a card charge is never PENDING). */
const expiring = new Set(['PIX', 'UNDEFINED', 'BOLETO']);

/**
 * Every PENDING charge whose due date has ended in São Paulo, by the fake's clock, becomes OVERDUE with
 * PAYMENT_OVERDUE ('Eventos para cobranças'); it can still be paid or removed. Returns those charges.
 */
export function passDueDates(state: FakeState): FakePayment[] {
  const today = saoPauloDate(state.clock());
  const due = [...state.payments.values()].filter(
    (p) => !p.deleted && p.status === 'PENDING' && expiring.has(p.billingType) && p.dueDate < today,
  );
  for (const payment of due) transition(state, payment, 'OVERDUE', 'PAYMENT_OVERDUE');
  return due;
}

/** GET /payments/{id}/pixQrCode: a real static PIX code for the charge's value. */
export function pixQrCode(payment: FakePayment): Answer {
  const payload = buildStaticPix({
    key: 'c4f6a0e2-0000-4000-8000-000000000000',
    merchantName: 'Impulso',
    merchantCity: 'Sao Paulo',
    amountCents: cents(payment.value),
  });
  return ok({ encodedImage: tinyPng, payload, expirationDate: '2027-11-22 23:59:59' });
}
