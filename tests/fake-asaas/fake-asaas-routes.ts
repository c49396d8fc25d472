import { randomUUID } from 'node:crypto';
import { buildStaticPix } from '../../src/server/payments/br-code';
import { chargeRefusal, subscriptionRefusal } from './fake-asaas-rules';
import {
  emit,
  emitSubscription,
  error,
  list,
  newPaymentId,
  type FakePayment,
  type FakeState,
} from './fake-asaas-state';

// Asaas API v3's routes the store uses, on the fake's state (reference/payments.md §1).

type Body = Record<string, unknown>;
export type Answer = { status: number; data: unknown };
const ok = (data: unknown): Answer => ({ status: 200, data });
const bad = (code: string, description: string): Answer => ({ status: 400, data: error(code, description) });
const notFound = (what: string): Answer => ({
  status: 404,
  data: error('not_found', `${what} não encontrada.`),
});
// 1×1 PNG
const tinyPng =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const cents = (reais: number) => Math.round(reais * 100);
const plusMonths = (date: string, months: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
};

function newPayment(state: FakeState, fields: Omit<FakePayment, 'id' | 'invoiceUrl'>): FakePayment {
  const id = newPaymentId();
  const payment: FakePayment = { id, ...fields, invoiceUrl: `https://sandbox.asaas.example/i/${id}` };
  state.payments.set(id, payment);
  emit(state, 'PAYMENT_CREATED', payment);
  if (payment.status === 'CONFIRMED') emit(state, 'PAYMENT_CONFIRMED', payment);
  if (payment.status === 'AWAITING_RISK_ANALYSIS') emit(state, 'PAYMENT_AWAITING_RISK_ANALYSIS', payment);
  return payment;
}

/** A card charge is authorised at once (or held for risk analysis); other charges wait to be paid. */
const initialStatus = (state: FakeState, body: Body) =>
  body.creditCard ? (state.riskAnalysis ? 'AWAITING_RISK_ANALYSIS' : 'CONFIRMED') : 'PENDING';

function createCharge(state: FakeState, body: Body): Answer {
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
  // An instalment plan: one payment per instalment, the rounding remainder on the last (reference §1.5).
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

function refundPayment(state: FakeState, payment: FakePayment, value?: number): Answer {
  if (!['RECEIVED', 'CONFIRMED'].includes(payment.status))
    return bad('invalid_action', 'Só é possível estornar cobranças recebidas ou confirmadas.');
  // `value` omitted: the whole charge. Several partial refunds may add up to the charge (reference §1.9).
  const already = (payment.refunds ?? []).reduce((n, r) => n + r.value, 0);
  const amount = value ?? payment.value - already;
  if (amount <= 0 || amount > payment.value - already + 1e-9)
    return bad('invalid_value', 'Valor de estorno maior que o disponível.');
  payment.refunds = [
    ...(payment.refunds ?? []),
    { value: amount, status: state.refundsPending ? 'PENDING' : 'DONE' },
  ];
  const whole = Math.abs(already + amount - payment.value) < 1e-9;
  if (whole && state.refundsPending) payment.status = 'REFUND_REQUESTED';
  else if (whole) {
    payment.status = 'REFUNDED';
    emit(state, 'PAYMENT_REFUNDED', payment);
  } else if (!state.refundsPending) emit(state, 'PAYMENT_PARTIALLY_REFUNDED', payment);
  return ok({ object: 'payment', ...payment });
}

/** Removes a charge not yet paid; a subscription's charges go with it. */
function removePayment(state: FakeState, payment: FakePayment): Answer {
  if (!['PENDING', 'OVERDUE'].includes(payment.status))
    return bad('invalid_action', 'Não é possível remover uma cobrança já recebida.');
  payment.deleted = true;
  emit(state, 'PAYMENT_DELETED', payment);
  return ok({ deleted: true, id: payment.id });
}

export function route(
  state: FakeState,
  method: string,
  path: string,
  query: URLSearchParams,
  body: Body,
): Answer | null {
  const live = [...state.payments.values()].filter((p) => !p.deleted);
  if (method === 'GET' && path === '/payments') {
    const reference = query.get('externalReference');
    return ok(list(live.filter((p) => !reference || p.externalReference === reference)));
  }
  if (method === 'GET' && path === '/customers') {
    const cpf = query.get('cpfCnpj');
    return ok(list([...state.customers.values()].filter((c) => !cpf || c.cpfCnpj === cpf)));
  }
  if (method === 'POST' && path === '/customers') {
    if (!body.name) return bad('invalid_name', 'O nome do cliente é obrigatório.');
    if (!/^\d{11}$|^\d{14}$/.test(String(body.cpfCnpj ?? '')))
      return bad('invalid_cpfCnpj', 'O CPF ou CNPJ informado é inválido.');
    const customer = {
      id: `cus_${randomUUID().slice(0, 12)}`,
      cpfCnpj: String(body.cpfCnpj),
      name: String(body.name),
    };
    state.customers.set(customer.id, customer);
    return ok({ object: 'customer', ...customer });
  }
  if (method === 'POST' && path === '/payments') return createCharge(state, body);
  if (method === 'POST' && path === '/subscriptions') return createSubscription(state, body);

  const subscriptionMatch = /^\/subscriptions\/([^/]+)(\/payments)?$/.exec(path);
  if (subscriptionMatch) {
    const subscription = state.subscriptions.get(subscriptionMatch[1]!);
    if (!subscription) return notFound('Assinatura');
    if (method === 'GET' && subscriptionMatch[2])
      return ok(list(live.filter((p) => p.subscription === subscription.id)));
    if (method === 'DELETE' && !subscriptionMatch[2]) {
      // Its charges not yet paid are removed too, each with PAYMENT_DELETED (Asaas's behaviour).
      for (const p of live.filter((p) => p.subscription === subscription.id && p.status === 'PENDING'))
        removePayment(state, p);
      subscription.status = 'INACTIVE';
      emitSubscription(state, 'SUBSCRIPTION_DELETED', subscription);
      return ok({ deleted: true, id: subscription.id });
    }
  }
  const plan = /^\/installments\/([^/]+)\/refund$/.exec(path);
  if (method === 'POST' && plan) {
    const installment = state.installments.get(plan[1]!);
    if (!installment) return notFound('Parcelamento');
    const parts = installment.paymentIds.map((id) => state.payments.get(id)!);
    if (parts.some((p) => !['RECEIVED', 'CONFIRMED'].includes(p.status)))
      return bad('invalid_action', 'Só é possível estornar parcelamentos recebidos ou confirmados.');
    for (const part of parts) refundPayment(state, part);
    return ok({
      object: 'installment',
      id: installment.id,
      value: installment.value,
      installmentCount: installment.installmentCount,
    });
  }
  const one = /^\/payments\/([^/]+)(?:\/(refund|pixQrCode|status))?$/.exec(path);
  const payment = one ? state.payments.get(one[1]!) : undefined;
  if (!one) return null;
  if (!payment || (payment.deleted && method !== 'GET')) return notFound('Cobrança');
  if (method === 'DELETE' && !one[2]) return removePayment(state, payment);
  if (method === 'POST' && one[2] === 'refund')
    return refundPayment(state, payment, typeof body.value === 'number' ? body.value : undefined);
  if (method === 'GET' && one[2] === 'status') return ok({ status: payment.status });
  if (method === 'GET' && one[2] === 'pixQrCode') {
    const payload = buildStaticPix({
      key: 'c4f6a0e2-0000-4000-8000-000000000000',
      merchantName: 'Impulso',
      merchantCity: 'Sao Paulo',
      amountCents: cents(payment.value),
    });
    return ok({ encodedImage: tinyPng, payload, expirationDate: '2027-11-22 23:59:59' });
  }
  if (method === 'GET' && !one[2]) return ok({ object: 'payment', ...payment });
  return null;
}

function createSubscription(state: FakeState, body: Body): Answer {
  const refused = subscriptionRefusal(state, body);
  if (refused) return bad(refused.code, refused.description);
  const id = `sub_${randomUUID().replace(/-/g, '').slice(0, 14)}`;
  const card = body.creditCard as { number?: string } | undefined;
  state.subscriptions.set(id, {
    id,
    status: 'ACTIVE',
    billingType: String(body.billingType),
    value: Number(body.value),
    customer: String(body.customer),
    externalReference: String(body.externalReference ?? ''),
    ...(card?.number ? { cardNumber: card.number } : {}),
  });
  // The first charge exists as soon as the subscription does (reference §1.10); with the card, it is paid.
  newPayment(state, {
    customer: String(body.customer),
    billingType: String(body.billingType),
    status: initialStatus(state, body),
    value: Number(body.value),
    dueDate: String(body.nextDueDate),
    subscription: id,
  });
  return ok({ object: 'subscription', id, status: 'ACTIVE', cycle: body.cycle });
}

/** The next month of a subscription, as Asaas generates it; a card it cannot charge is refused. */
export function renew(state: FakeState, subscriptionId: string, options: { captureRefused?: boolean } = {}) {
  const subscription = state.subscriptions.get(subscriptionId);
  if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
  const byCard = subscription.billingType === 'CREDIT_CARD';
  const payment = newPayment(state, {
    customer: subscription.customer,
    billingType: subscription.billingType,
    status: byCard && !options.captureRefused ? 'CONFIRMED' : 'PENDING',
    value: subscription.value,
    dueDate: new Date().toISOString().slice(0, 10),
    subscription: subscription.id,
  });
  if (byCard && options.captureRefused) emit(state, 'PAYMENT_CREDIT_CARD_CAPTURE_REFUSED', payment);
  return payment;
}
