import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, outboxEmails, webhookEvents } from '#server/db/schema/index.ts';
import { deliverAsaasEvents } from './helpers/asaas-events';
import { billingAddress, startAsaasTestApp, type AsaasTestApp } from './helpers/asaas-test-app';
import { approvedCard, placeOrder } from './helpers/order-request';

// Issue 23 §5, §6 and the smaller points: webhooks with the right token never stop Asaas's queue, the
// buyer's details reach Asaas with its own notifications off, lists are read page by page, and a dispute
// of a later instalment is seen.

const webhookToken = 'whsec_asaas_edges_0123456789abcdef';
const owner = 'dona@impulso.example';
let asaas: AsaasTestApp;
beforeAll(async () => {
  asaas = await startAsaasTestApp(webhookToken, { ADMIN_EMAIL: owner, FULFILMENT_PROVIDER: 'manual' });
});
afterAll(() => asaas.close());

const post = (body: string, token = webhookToken) =>
  asaas.app.server.inject({
    method: 'POST',
    url: '/api/webhooks/asaas',
    headers: { 'asaas-access-token': token, 'content-type': 'application/json' },
    payload: body,
  });
const orderRow = async (id: string) =>
  (await asaas.app.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('webhooks', () => {
  it('a body that is not even JSON, with the right token: 200, kept as it came, the owner alerted once', async () => {
    const first = await post('{"id": "evt_quebrado", "event": "PAYMENT_RECEIVED", "payment": {');
    const again = await post('{"id": "evt_quebrado", "event": "PAYMENT_RECEIVED", "payment": {');
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    const kept = await asaas.app.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.type, 'unreadable'));
    expect(kept).toHaveLength(1);
    expect(kept[0]!.payload).toEqual({
      raw: '{"id": "evt_quebrado", "event": "PAYMENT_RECEIVED", "payment": {',
    });
    await asaas.app.jobs.drain();
    const alerts = await asaas.app.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, owner));
    expect(
      alerts.filter((m) => m.subject.endsWith('Aviso do intermediador que a loja não conseguiu ler')),
    ).toHaveLength(1);
  });

  it('a NUL deep in the body is dropped, not a 500; a wrong token is still a 401', async () => {
    let deep: unknown = 'a\u0000b';
    for (let i = 0; i < 12; i++) deep = { deeper: deep };
    const res = await post(JSON.stringify({ id: 'evt_nul', event: 'SOMETHING_NEW', deep }));
    expect(res.statusCode).toBe(200);
    expect((await post('{}', 'whsec_wrong_token_0123456789abcdefgh')).statusCode).toBe(401);
  });
});

describe('customers at Asaas', () => {
  it('created with Asaas’s notifications off, and updated when the buyer’s details changed', async () => {
    const cpf = '935.411.347-80';
    await placeOrder(asaas.app, { email: 'antigo@exemplo.com', cpf });
    const created = asaas.fake.requests
      .filter((r) => r.method === 'POST' && r.path === '/v3/customers')
      .at(-1)!;
    expect(created.body).toMatchObject({ email: 'antigo@exemplo.com', notificationDisabled: true });
    await placeOrder(asaas.app, { email: 'novo@exemplo.com', cpf, address: billingAddress });
    const updated = asaas.fake.requests.filter((r) => r.method === 'PUT').at(-1)!;
    expect(updated.body).toMatchObject({
      email: 'novo@exemplo.com',
      postalCode: '01310100',
      notificationDisabled: true,
    });
    const [kept] = [...asaas.fake.customers.values()].filter((c) => c.cpfCnpj === '93541134780');
    expect(kept).toMatchObject({ email: 'novo@exemplo.com' });
    // Nothing changed: no update.
    const puts = asaas.fake.requests.filter((r) => r.method === 'PUT').length;
    await placeOrder(asaas.app, { email: 'novo@exemplo.com', cpf, address: billingAddress });
    expect(asaas.fake.requests.filter((r) => r.method === 'PUT')).toHaveLength(puts);
  });
});

describe('lists', () => {
  it('the order’s charges are read page by page (Asaas answers at most 100 a page)', async () => {
    const orderId = (await placeOrder(asaas.app, { email: 'muitas@exemplo.com' })).json().order.id as string;
    const known = [...asaas.fake.payments.values()].find((p) => p.externalReference === orderId)!;
    for (let i = 0; i < 120; i++)
      asaas.fake.payments.set(`pay_copia_${i}`, { ...known, id: `pay_copia_${i}`, status: 'RECEIVED' });
    const charges = await asaas.provider.findCharges(orderId);
    expect(charges).toHaveLength(121);
    const pages = asaas.fake.requests.filter((r) =>
      r.path.startsWith(`/v3/payments?externalReference=${orderId}`),
    );
    expect(pages.map((r) => new URL(r.path, 'http://x').searchParams.get('offset'))).toEqual(['0', '100']);
  });
});

describe('card instalments', () => {
  it('a chargeback on a later instalment flags the order', async () => {
    const res = await placeOrder(asaas.app, {
      email: 'disputa@exemplo.com',
      paymentMethod: 'credit_card',
      installments: 3,
      card: approvedCard,
      address: billingAddress,
    });
    const orderId = res.json().order.id as string;
    await deliverAsaasEvents(asaas.app, asaas.fake, webhookToken);
    const second = [...asaas.fake.payments.values()].find(
      (p) => p.externalReference === orderId && p.installmentNumber === 2,
    )!;
    asaas.fake.chargeback(second.id);
    await deliverAsaasEvents(asaas.app, asaas.fake, webhookToken);
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'paid', paymentFlag: 'chargeback' });
  });
});
