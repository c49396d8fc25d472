import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  call,
  errorCode,
  eventNames,
  items,
  newCharge,
  newCpf,
  newCustomer,
  newSubscription,
  paidCharge,
  card,
  type Json,
} from './fake-asaas-client';
import { startFakeAsaas, type FakeAsaas } from './fake-asaas-server';

// The fake Asaas over real HTTP: it must behave as Asaas API v3 does where the store depends on it (paged
// lists, due dates, removal, refunds) and fail the ways a real provider fails (answers lost or late).

const today = '2026-11-23';
let now = Date.parse(`${today}T15:00:00Z`); // 12:00 in São Paulo
let fake: FakeAsaas;
beforeEach(async () => {
  now = Date.parse(`${today}T15:00:00Z`);
  fake = await startFakeAsaas(undefined, { clock: () => new Date(now) });
});
afterEach(() => fake.close());

const payment = (id: unknown) => fake.payments.get(String(id))!;

describe('lists and customers', () => {
  it('pages with offset and limit, refuses a limit above 100, filters', async () => {
    const cpfs = Array.from({ length: 12 }, newCpf);
    for (const cpfCnpj of cpfs) await newCustomer(fake, { cpfCnpj });
    const first = await call(fake, 'GET', '/customers');
    expect(first.body).toMatchObject({ object: 'list', hasMore: true, totalCount: 12, limit: 10, offset: 0 });
    expect(items(first)).toHaveLength(10);
    const last = await call(fake, 'GET', '/customers?offset=10&limit=5');
    expect(last.body).toMatchObject({ hasMore: false, totalCount: 12, limit: 5, offset: 10 });
    expect(items(last)).toHaveLength(2);
    const tooMany = await call(fake, 'GET', '/payments?limit=101');
    expect([tooMany.status, errorCode(tooMany)]).toEqual([400, 'invalid_limit']);
    expect(items(await call(fake, 'GET', `/customers?cpfCnpj=${cpfs[3]}`))).toHaveLength(1);

    const a = await newCharge(fake, today, { externalReference: 'order-a' });
    await newCharge(fake, today, { externalReference: 'order-b' });
    const byRef = items(await call(fake, 'GET', '/payments?externalReference=order-a'));
    expect(byRef.map((p) => p.id)).toEqual([a.id]);
    expect(items(await call(fake, 'GET', `/payments?customer=${a.customer}&status=PENDING`))).toHaveLength(1);
    const sub = await newSubscription(fake, today, { externalReference: 'plan-1' });
    // The first month, and the second generated ahead of its due day.
    expect(items(await call(fake, 'GET', `/payments?subscription=${sub.id}`))).toHaveLength(2);
    expect(items(await call(fake, 'GET', '/subscriptions?externalReference=plan-1'))).toHaveLength(1);
    await call(fake, 'DELETE', `/subscriptions/${sub.id}`);
    await call(fake, 'DELETE', `/payments/${a.id}`);
    expect(items(await call(fake, 'GET', '/subscriptions?externalReference=plan-1'))).toEqual([]);
    expect(items(await call(fake, 'GET', '/payments?externalReference=order-a'))).toEqual([]);
  });

  it('PUT /customers/{id} updates what it is sent and keeps every field', async () => {
    const id = await newCustomer(fake, { email: 'old@exemplo.com', notificationDisabled: true });
    const changes = {
      name: 'Ana S. Lima',
      email: 'ana@exemplo.com',
      address: 'Av. Paulista',
      postalCode: '01310100',
    };
    const put = await call(fake, 'PUT', `/customers/${id}`, changes);
    expect(put.body).toMatchObject({ object: 'customer', id, ...changes, notificationDisabled: true });
    expect((await call(fake, 'GET', `/customers/${id}`)).body).toMatchObject(changes);
    expect(fake.customers.get(id)!.notificationDisabled).toBe(true);
    expect((await call(fake, 'PUT', '/customers/cus_nope', changes)).status).toBe(404);
  });

  it('refuses a CPF or CNPJ whose check digits are wrong, or of one repeated digit, as Asaas does', async () => {
    const create = (cpfCnpj: string) => call(fake, 'POST', '/customers', { name: 'Ana Souza', cpfCnpj });
    for (const wrong of ['52998224724', '11222333000180', '11111111111', '5299822472'])
      expect([wrong, errorCode(await create(wrong))]).toEqual([wrong, 'invalid_cpfCnpj']);
    for (const right of ['52998224725', '11222333000181']) expect((await create(right)).status).toBe(200);
    const id = await newCustomer(fake);
    expect(errorCode(await call(fake, 'PUT', `/customers/${id}`, { cpfCnpj: '52998224724' }))).toBe(
      'invalid_cpfCnpj',
    );
  });
});

describe('due dates and removal', () => {
  it('refuses a due date before today in São Paulo', async () => {
    const past = call(fake, 'POST', '/payments', {
      customer: await newCustomer(fake),
      billingType: 'PIX',
      value: 10,
      dueDate: '2026-11-22',
    });
    expect(errorCode(await past)).toBe('invalid_dueDate');
    await expect(newCharge(fake, today)).resolves.toMatchObject({ status: 'PENDING' });
  });

  it('a PENDING PIX past its due date becomes OVERDUE with PAYMENT_OVERDUE, and can still be removed', async () => {
    const pix = await newCharge(fake, today);
    const paid = await paidCharge(fake, today);
    expect(fake.passDueDates()).toEqual([]);
    now = Date.parse('2026-11-24T03:00:00Z'); // midnight in São Paulo: the 23rd is over
    expect(fake.passDueDates().map((p) => p.id)).toEqual([pix.id]);
    expect(fake.passDueDates()).toEqual([]);
    expect(payment(pix.id).status).toBe('OVERDUE');
    expect(payment(paid.id).status).toBe('CONFIRMED');
    const overdue = fake.events.filter((e) => e.event === 'PAYMENT_OVERDUE');
    expect(overdue.map((e) => [e.payment?.id, e.dateCreated])).toEqual([
      [pix.id, '2026-11-24T03:00:00.000Z'],
    ]);
    expect((await call(fake, 'DELETE', `/payments/${pix.id}`)).body).toEqual({ deleted: true, id: pix.id });
  });

  it('DELETE: a paid charge is refused, a removed one answers 404 (or 200 when told)', async () => {
    const paid = await paidCharge(fake, today);
    expect(errorCode(await call(fake, 'DELETE', `/payments/${paid.id}`))).toBe('invalid_action');
    const pix = await newCharge(fake, today);
    expect((await call(fake, 'DELETE', `/payments/${pix.id}`)).status).toBe(200);
    expect(payment(pix.id).deleted).toBe(true);
    expect((await call(fake, 'DELETE', `/payments/${pix.id}`)).status).toBe(404);
    fake.deletedChargeAnswer = 200;
    expect((await call(fake, 'DELETE', `/payments/${pix.id}`)).body).toEqual({ deleted: true, id: pix.id });
    expect(eventNames(fake).filter((e) => e === 'PAYMENT_DELETED')).toHaveLength(1);
  });

  it('DELETE /subscriptions/{id} removes its open charges; a second DELETE answers 404 (or 200)', async () => {
    const sub = await newSubscription(fake, today);
    const first = [...fake.payments.values()].find((p) => p.subscription === sub.id)!;
    expect((await call(fake, 'GET', `/subscriptions/${sub.id}`)).body).toMatchObject({
      object: 'subscription',
      status: 'ACTIVE',
      cycle: 'MONTHLY',
      value: 49.9,
      deleted: false,
    });
    expect((await call(fake, 'DELETE', `/subscriptions/${sub.id}`)).body).toEqual({
      deleted: true,
      id: sub.id,
    });
    expect(first.deleted).toBe(true);
    expect((await call(fake, 'GET', `/subscriptions/${sub.id}`)).body).toMatchObject({
      status: 'INACTIVE',
      deleted: true,
    });
    expect(eventNames(fake).slice(-2)).toEqual(['PAYMENT_DELETED', 'SUBSCRIPTION_DELETED']);
    expect((await call(fake, 'DELETE', `/subscriptions/${sub.id}`)).status).toBe(404);
    fake.deletedChargeAnswer = 200;
    expect((await call(fake, 'DELETE', `/subscriptions/${sub.id}`)).status).toBe(200);
  });
});

describe('instalment plans', () => {
  const plan = async (fields: Json) =>
    call(fake, 'POST', '/payments', {
      customer: await newCustomer(fake),
      billingType: 'CREDIT_CARD',
      dueDate: today,
      ...fields,
    });
  it('refuses a count below 2, above 21 (12 for a brand other than Visa and Mastercard); takes the value beside it', async () => {
    for (const installmentCount of [1, 22, 2.5, '3'])
      expect(errorCode(await plan({ installmentCount, totalValue: 90 }))).toBe('invalid_installmentCount');
    const elo = { ...card, creditCard: { ...card.creditCard, number: '6362970000457013' } };
    expect(errorCode(await plan({ installmentCount: 13, totalValue: 90, ...elo }))).toBe(
      'invalid_installmentCount',
    );
    // `value` is required by Asaas's document, instalments or not (tests/contracts/asaas/README.md).
    expect((await plan({ installmentCount: 3, totalValue: 90, value: 90 })).status).toBe(200);
    expect(errorCode(await plan({ installmentCount: 3 }))).toBe('invalid_value');
    expect((await plan({ installmentCount: 21, totalValue: 90 })).status).toBe(200);
    expect((await plan({ installmentCount: 12, totalValue: 90, ...elo })).status).toBe(200);
  });

  it('an invoice paid by card confirms every instalment of its plan', async () => {
    const first = (await plan({ installmentCount: 3, totalValue: 90 })).body;
    expect(first).toMatchObject({ status: 'PENDING', installmentNumber: 1, value: 30 });
    fake.events.splice(0);
    fake.payInvoiceByCard(String(first.id));
    const parts = [...fake.payments.values()].filter((p) => p.installment === first.installment);
    expect(parts.map((p) => p.status)).toEqual(['CONFIRMED', 'CONFIRMED', 'CONFIRMED']);
    expect(eventNames(fake)).toEqual(['PAYMENT_CONFIRMED', 'PAYMENT_CONFIRMED', 'PAYMENT_CONFIRMED']);
  });
});

describe('refunds', () => {
  const refund = (id: unknown, body: Json = {}) => call(fake, 'POST', `/payments/${id}/refund`, body);
  const refundItems = async (id: unknown) => items(await call(fake, 'GET', `/payments/${id}/refunds`));

  it("'done': a part, then the rest; items without id; REFUNDED; the list of refunds", async () => {
    const paid = await paidCharge(fake, today);
    const part = await refund(paid.id, { value: 30, description: 'Reembolso r1' });
    expect(part.body).toMatchObject({ object: 'payment', id: paid.id, status: 'CONFIRMED' });
    expect(part.body.refunds).toEqual([
      {
        dateCreated: '2026-11-23 12:00:00',
        status: 'DONE',
        value: 30,
        description: 'Reembolso r1',
        transactionReceiptUrl: null,
        endToEndIdentifier: null,
      },
    ]);
    expect(errorCode(await refund(paid.id, { value: 70.01 }))).toBe('invalid_value');
    expect((await refund(paid.id)).body).toMatchObject({ status: 'REFUNDED' });
    expect((await refundItems(paid.id)).map((r) => r.value)).toEqual([30, 70]);
    expect(eventNames(fake).slice(-2)).toEqual(['PAYMENT_PARTIALLY_REFUNDED', 'PAYMENT_REFUNDED']);
    expect(errorCode(await refund((await newCharge(fake, today)).id))).toBe('invalid_action');
  });

  it("'pending': REFUND_REQUESTED until completeRefunds, then DONE and PAYMENT_REFUNDED", async () => {
    fake.refundsPending = true;
    expect(fake.refundMode).toBe('pending');
    const paid = await paidCharge(fake, today);
    expect((await refund(paid.id)).body).toMatchObject({ status: 'REFUND_REQUESTED' });
    expect((await refundItems(paid.id)).map((r) => r.status)).toEqual(['PENDING']);
    expect(eventNames(fake).at(-1)).not.toBe('PAYMENT_REFUNDED');
    fake.completeRefunds(String(paid.id));
    expect(payment(paid.id).status).toBe('REFUNDED');
    expect((await refundItems(paid.id)).map((r) => r.status)).toEqual(['DONE']);
    expect(fake.events.at(-1)).toMatchObject({ event: 'PAYMENT_REFUNDED', payment: { status: 'REFUNDED' } });
  });

  it("'awaiting_authorization', then denied: CANCELLED with the reason, status restored, REFUND_DENIED", async () => {
    fake.refundMode = 'awaiting_authorization';
    const paid = await paidCharge(fake, today);
    const asked = await refund(paid.id, { description: 'Reembolso r2' });
    expect(asked.body).toMatchObject({ status: 'REFUND_REQUESTED' });
    expect((asked.body.refunds as Json[])[0]!.status).toBe('AWAITING_CRITICAL_ACTION_AUTHORIZATION');
    fake.denyRefund(String(paid.id), 'Autorização negada');
    expect(payment(paid.id).status).toBe('CONFIRMED');
    expect(await refundItems(paid.id)).toMatchObject([
      { status: 'CANCELLED', refusalReason: 'Autorização negada' },
    ]);
    expect(fake.events.at(-1)).toMatchObject({
      event: 'PAYMENT_REFUND_DENIED',
      payment: { status: 'CONFIRMED' },
    });
    // A cancelled refund does not count: the whole value can be refunded again.
    fake.refundMode = 'done';
    expect((await refund(paid.id)).body).toMatchObject({ status: 'REFUNDED' });
  });

  it('a PIX goes back from the balance: refused (400) while Asaas’s fee leaves it short', async () => {
    fake.account.pixFee = 0.99;
    const pix = await newCharge(fake, today);
    fake.receivePix(String(pix.id));
    expect((await call(fake, 'GET', '/finance/balance')).body).toEqual({ balance: 99.01 });
    const whole = await refund(pix.id);
    expect([whole.status, errorCode(whole)]).toEqual([400, 'insufficient_balance']);
    expect(payment(pix.id).refunds).toBeUndefined();
    expect((await refund(pix.id, { value: 99.01 })).body).toMatchObject({ status: 'RECEIVED' });
    fake.account.balance = 0.99;
    expect((await refund(pix.id)).body).toMatchObject({ status: 'REFUNDED' });
    expect((await call(fake, 'GET', '/finance/balance')).body).toEqual({ balance: 0 });
  });

  it('an instalment plan refunded in part: from the last instalment backwards', async () => {
    const first = await paidCharge(fake, today, { installmentCount: 3, totalValue: 90, value: undefined });
    const plan = String(first.installment);
    const planRefund = (body: Json) => call(fake, 'POST', `/installments/${plan}/refund`, body);
    expect(errorCode(await planRefund({ value: 90.01 }))).toBe('invalid_value');
    const answer = await planRefund({ value: 40 });
    expect(answer.body).toMatchObject({ object: 'installment', id: plan, value: 90, installmentCount: 3 });
    const parts = items(await call(fake, 'GET', `/payments?installment=${plan}`));
    expect(
      parts.map((p) => [p.installmentNumber, p.status, (p.refunds as Json[] | undefined)?.[0]?.value]),
    ).toEqual([
      [1, 'CONFIRMED', undefined],
      [2, 'CONFIRMED', 10],
      [3, 'REFUNDED', 30],
    ]);
    expect(eventNames(fake).slice(-2)).toEqual(['PAYMENT_REFUNDED', 'PAYMENT_PARTIALLY_REFUNDED']);
    await planRefund({});
    expect(parts.every((p) => payment(p.id).status === 'REFUNDED')).toBe(true);
  });
});
