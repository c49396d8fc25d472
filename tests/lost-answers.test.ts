import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, subscriptions } from '#server/db/schema/index.ts';
import { deliverAsaasEvents } from './helpers/asaas-events';
import { billingAddress, startAsaasTestApp, type AsaasTestApp } from './helpers/asaas-test-app';
import { approvedCard, newKey, orderRequest, orderProof } from './helpers/order-request';
import type { CreateOrderRequest } from '#shared/schemas/checkout.ts';

// Issue 23: an answer lost after Asaas acted (a timeout, a cut connection) is looked up before anything new
// is made: what took money is adopted, what is only payable is removed. Before, each was recorded as a
// failure: the retry made a second live PIX, a second plan billing monthly, and a paid orphan left the
// order unpaid.

const webhookToken = 'whsec_lost_answers_0123456789abcdef';
let asaas: AsaasTestApp;
beforeAll(async () => {
  asaas = await startAsaasTestApp(webhookToken);
});
afterAll(() => asaas.close());

const checkout = (overrides: Partial<CreateOrderRequest>, key = newKey()) =>
  asaas.app.server.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'idempotency-key': key },
    payload: orderRequest(overrides),
  });
const orderRow = async (id: string) =>
  (await asaas.app.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const liveCharges = (orderId: string) =>
  [...asaas.fake.payments.values()].filter(
    (p) => p.externalReference === orderId && !p.deleted && ['PENDING', 'OVERDUE'].includes(p.status),
  );
const plansOf = (orderId: string) =>
  [...asaas.fake.subscriptions.values()].filter((s) => s.externalReference === orderId);
const plan = { item: { type: 'recurring', plan: 'iniciante' } } as const;

describe('a PIX whose answer is lost', () => {
  it('is removed at Asaas at once, and the same-key retry leaves exactly one live charge', async () => {
    const key = newKey();
    asaas.fake.loseNextAnswer(/^\/payments$/);
    const first = await checkout({ email: 'pix.perdido@exemplo.com' }, key);
    expect(first.statusCode).toBe(502);
    expect(first.json().message).toBe('Falha ao gerar Pix. Tente novamente.');
    const orderId = first.json().orderId as string;
    expect(liveCharges(orderId)).toEqual([]);
    const retry = await checkout({ email: 'pix.perdido@exemplo.com' }, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.json().next).toBe('pix');
    expect(liveCharges(orderId)).toHaveLength(1);
  });

  it('whose QR code cannot be fetched is removed at once', async () => {
    asaas.fake.answerNext(/pixQrCode$/, 500, '{}');
    const res = await checkout({ email: 'sem.qr@exemplo.com' });
    expect(res.statusCode).toBe(502);
    expect(liveCharges(res.json().orderId)).toEqual([]);
  });

  it('with Asaas unreachable for the lookup too: no second charge until Asaas answers, then one', async () => {
    const key = newKey();
    asaas.fake.loseNextAnswer(/^\/payments$/);
    // The lookup right after fails too.
    asaas.fake.answerNext(/^\/payments$/, 503, '{}', 'GET');
    const first = await checkout({ email: 'pix.sem.resposta@exemplo.com' }, key);
    expect(first.statusCode).toBe(502);
    const orderId = first.json().orderId as string;
    expect(liveCharges(orderId)).toHaveLength(1); // made by Asaas, not known here yet
    asaas.fake.outage(503);
    const meanwhile = await checkout({ email: 'pix.sem.resposta@exemplo.com' }, key);
    expect(meanwhile.statusCode).toBe(502);
    expect(meanwhile.json().message).toBe(
      'Sistema temporariamente indisponível. Tente novamente em alguns minutos.',
    );
    asaas.fake.outage(null);
    const after = await checkout({ email: 'pix.sem.resposta@exemplo.com' }, key);
    expect(after.statusCode).toBe(201);
    expect(liveCharges(orderId)).toHaveLength(1);
    expect(liveCharges(orderId)[0]!.id).not.toBe(
      [...asaas.fake.payments.values()].find((p) => p.externalReference === orderId)!.id,
    );
  });
});

describe('Asaas down at the first call (503: nothing made)', () => {
  it('once Asaas answers, the same-key retry finds nothing made and gets its PIX', async () => {
    const key = newKey();
    asaas.fake.outage(503);
    const first = await checkout({ email: 'asaas.fora@exemplo.com' }, key);
    asaas.fake.outage(null);
    expect(first.statusCode).toBe(502);
    const retry = await checkout({ email: 'asaas.fora@exemplo.com' }, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.json().payment.pixPayload).toMatch(/^000201/);
    expect(liveCharges(first.json().orderId)).toHaveLength(1);
  });
});

describe('a hosted card page whose answer is lost', () => {
  it('is removed, and paying again leaves one live charge', async () => {
    asaas.fake.loseNextAnswer(/^\/payments$/);
    const res = await checkout({ email: 'debito.perdido@exemplo.com', paymentMethod: 'debit_card' });
    expect(res.statusCode).toBe(502);
    const orderId = res.json().orderId as string;
    expect(liveCharges(orderId)).toEqual([]);
    const again = await asaas.app.server.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/payments`,
      headers: orderProof(orderId),
      payload: { paymentMethod: 'debit_card', installments: 1 },
    });
    expect(again.statusCode).toBe(201);
    expect(liveCharges(orderId)).toHaveLength(1);
  });
});

describe('a plan whose creation answer is lost', () => {
  it('by card: the first month captured is found at once, the order paid, one plan', async () => {
    asaas.fake.loseNextAnswer(/^\/subscriptions$/);
    const res = await checkout({
      ...plan,
      email: 'plano.cartao@exemplo.com',
      paymentMethod: 'credit_card',
      card: approvedCard,
      address: billingAddress,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().next).toBe('success');
    const orderId = res.json().order.id as string;
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'paid', status: 'processando' });
    expect(plansOf(orderId)).toHaveLength(1);
    const [ours] = await asaas.app.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.firstOrderId, orderId));
    expect(ours).toMatchObject({ providerSubscriptionId: plansOf(orderId)[0]!.id, status: 'active' });
    // Its webhooks find the plan: the next month becomes an order of its own.
    await deliverAsaasEvents(asaas.app, asaas.fake, webhookToken);
    asaas.fake.renewSubscription(plansOf(orderId)[0]!.id);
    await deliverAsaasEvents(asaas.app, asaas.fake, webhookToken);
    const months = await asaas.app.database.db
      .select()
      .from(orders)
      .where(eq(orders.subscriptionId, ours!.id));
    expect(months.filter((o) => o.paymentStatus === 'paid')).toHaveLength(2);
  });

  it('by PIX: the plan Asaas made is ended (nobody saw its code); paying again makes one live plan', async () => {
    asaas.fake.loseNextAnswer(/^\/subscriptions$/);
    const res = await checkout({ ...plan, email: 'plano.pix@exemplo.com' });
    expect(res.statusCode).toBe(502);
    const orderId = res.json().orderId as string;
    expect(plansOf(orderId).map((s) => s.status)).toEqual(['INACTIVE']);
    const again = await asaas.app.server.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/payments`,
      headers: orderProof(orderId),
      payload: { paymentMethod: 'pix', installments: 1 },
    });
    expect(again.statusCode).toBe(201);
    expect(plansOf(orderId).filter((s) => s.status === 'ACTIVE')).toHaveLength(1);
  });
});

describe('a charge nobody here knew', () => {
  it('paid (an orphan of a lost answer): the order is paid by it', async () => {
    const res = await checkout({ email: 'orfa.paga@exemplo.com' });
    const orderId = res.json().order.id as string;
    await deliverAsaasEvents(asaas.app, asaas.fake, webhookToken);
    // Made for this order by an earlier call whose answer never came, then paid by the buyer.
    const orphan = [...asaas.fake.payments.values()].find((p) => p.externalReference === orderId)!;
    const paid = { ...orphan, id: `${orphan.id}_orfa`, status: 'RECEIVED' };
    asaas.fake.payments.set(paid.id, paid);
    asaas.fake.events.push({
      id: `evt_orfa_${orderId}`,
      event: 'PAYMENT_RECEIVED',
      dateCreated: new Date().toISOString(),
      payment: paid,
    });
    await deliverAsaasEvents(asaas.app, asaas.fake, webhookToken);
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'paid', status: 'processando' });
    // The charge the order had is no longer payable.
    expect(liveCharges(orderId)).toEqual([]);
  });

  it('payable: removed at Asaas', async () => {
    const res = await checkout({ email: 'orfa.aberta@exemplo.com' });
    const orderId = res.json().order.id as string;
    await deliverAsaasEvents(asaas.app, asaas.fake, webhookToken);
    const known = [...asaas.fake.payments.values()].find((p) => p.externalReference === orderId)!;
    const stray = { ...known, id: `${known.id}_solta` };
    asaas.fake.payments.set(stray.id, stray);
    asaas.fake.events.push({
      id: `evt_solta_${orderId}`,
      event: 'PAYMENT_CREATED',
      dateCreated: new Date().toISOString(),
      payment: stray,
    });
    await deliverAsaasEvents(asaas.app, asaas.fake, webhookToken);
    expect(liveCharges(orderId).map((c) => c.id)).toEqual([known.id]);
  });
});

describe('a customer whose creation answer is lost', () => {
  it('is found by CPF on the retry: one customer at Asaas', async () => {
    const cpf = '111.444.777-35';
    asaas.fake.loseNextAnswer(/^\/customers$/);
    const key = newKey();
    const first = await checkout({ email: 'cliente.perdido@exemplo.com', cpf }, key);
    expect(first.statusCode).toBe(502);
    const retry = await checkout({ email: 'cliente.perdido@exemplo.com', cpf }, key);
    expect(retry.statusCode).toBe(201);
    expect([...asaas.fake.customers.values()].filter((c) => c.cpfCnpj === '11144477735')).toHaveLength(1);
  });
});
