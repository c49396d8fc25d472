import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { deliveries, orders } from '#server/db/schema/index.ts';
import { operatorCookie } from './helpers/accounts';
import type { CreateOrderRequest } from '#shared/schemas/checkout.ts';
import { newKey, orderRequest } from './helpers/order-request';
import { createTestApp, type TestApp } from './helpers/test-app';
import { startAsaasTestApp, type AsaasTestApp } from './helpers/asaas-test-app';

// "Gerar cobrança" (issue 12): an order above R$ 150 settled on WhatsApp gets a PIX or a card link from
// the operator; the buyer pays on /order/{id}; the confirmation runs the path of any order.

const adminEmail = 'dona@impulso.example';
let sandbox: TestApp;
let asaas: AsaasTestApp;
beforeAll(async () => {
  sandbox = await createTestApp({ ADMIN_EMAIL: adminEmail });
  asaas = await startAsaasTestApp('whsec_whatsapp_1234567890_0123456789abcdefghij', {
    ADMIN_EMAIL: adminEmail,
  });
});
afterAll(async () => {
  await sandbox.close();
  await asaas.close();
});

const bigOrder = async (app: TestApp, overrides: Partial<CreateOrderRequest> = {}) => {
  const res = await app.server.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'idempotency-key': newKey() },
    payload: orderRequest({
      item: { type: 'followers', amount: 2000 },
      addOns: ['likes'],
      addOnLinks: { likes: 'https://www.instagram.com/p/GRANDE1/' },
      ...overrides,
    }),
  });
  expect(res.json()).toMatchObject({
    next: 'whatsapp',
    order: { totalCents: 18390, status: 'aguardando_contato_whatsapp' },
  });
  return res.json().order.id as string;
};
/** The buyer opening the link of the operator's WhatsApp message: its `#acesso=` token proves the order. */
const openLink = (app: TestApp, made: { json(): { orderLink: string } }) => {
  const link = new URL(made.json().orderLink);
  const token = new URLSearchParams(link.hash.slice(1)).get('acesso')!;
  return app.server.inject({
    url: `/api${link.pathname.replace('/order/', '/orders/')}`,
    headers: { 'x-order-token': token },
  });
};
const charge = async (app: TestApp, orderId: string, method: 'pix' | 'card') =>
  app.server.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/charge`,
    headers: { cookie: await operatorCookie(app, adminEmail) },
    payload: { method },
  });

describe('Gerar cobrança', () => {
  it('a PIX the buyer pays on the order page: processando, with its deliveries', async () => {
    const orderId = await bigOrder(sandbox);
    const made = await charge(sandbox, orderId, 'pix');
    expect(made.statusCode).toBe(201);
    // The id alone shows that a PIX waits, not the PIX (ADR 041).
    expect(
      (await sandbox.server.inject({ url: `/api/orders/${orderId}` })).json().payment.pixPayload,
    ).toBeNull();
    const view = (await openLink(sandbox, made)).json();
    expect(view.next).toBe('pix');
    expect(view.payment.pixPayload).toMatch(/^000201/);
    expect(view.order.paymentMethod).toBe('whatsapp'); // the channel until the payment says otherwise
    await sandbox.server.inject({ method: 'POST', url: `/api/sandbox/payments/${view.payment.id}/confirm` });
    const [row] = await sandbox.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ paymentStatus: 'paid', status: 'processando', paymentMethod: 'pix' });
    expect(
      await sandbox.database.db.select().from(deliveries).where(eq(deliveries.orderId, orderId)),
    ).toHaveLength(2);
  });

  it('a card link at Asaas (hosted page); a second charge replaces the first', async () => {
    const orderId = await bigOrder(asaas.app);
    expect((await charge(asaas.app, orderId, 'pix')).statusCode).toBe(201);
    const made = await charge(asaas.app, orderId, 'card');
    expect(made.statusCode).toBe(201);
    expect(made.json().next).toBe('redirect');
    const view = (await openLink(asaas.app, made)).json();
    expect(view.next).toBe('redirect');
    expect(view.payment.checkoutUrl).toMatch(/^https?:\/\//);
    const charges = [...asaas.fake.payments.values()].filter((p) => p.externalReference === orderId);
    expect(charges.filter((c) => !c.deleted)).toHaveLength(1);
  });

  it('the CPF the operator gives is checked as Asaas checks it: wrong check digits never reach Asaas', async () => {
    const orderId = await bigOrder(asaas.app, { cpf: undefined, email: 'sem.cpf@exemplo.com' });
    const withCpf = async (cpf: string) =>
      asaas.app.server.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/charge`,
        headers: { cookie: await operatorCookie(asaas.app, adminEmail) },
        payload: { method: 'pix', cpf },
      });
    const before = asaas.fake.requests.length;
    const wrong = await withCpf('529.982.247-24');
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, 'CPF inválido. Confira os números.']);
    expect(asaas.fake.requests.slice(before)).toEqual([]);
    expect((await withCpf('529.982.247-25')).statusCode).toBe(201);
    const customer = [...asaas.fake.customers.values()].find((c) => c.email === 'sem.cpf@exemplo.com');
    expect(customer?.cpfCnpj).toBe('52998224725');
  });

  it('only for an unpaid order waiting on WhatsApp', async () => {
    const res = await sandbox.server.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': newKey() },
      payload: orderRequest(),
    });
    expect((await charge(sandbox, res.json().order.id, 'pix')).statusCode).toBe(409);
  });
});
