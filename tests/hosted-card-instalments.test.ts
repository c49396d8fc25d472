import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, payments } from '#server/db/schema/index.ts';
import { operatorCookie } from './helpers/accounts';
import { deliverAsaasEvents } from './helpers/asaas-events';
import { startAsaasTestApp, type AsaasTestApp } from './helpers/asaas-test-app';
import { newKey, orderRequest, placeOrder } from './helpers/order-request';

// ADR 031: a credit card paid on Asaas's invoice page — CARD_CHECKOUT=hosted, or the card link the
// operator makes for a WhatsApp order — in the instalments the buyer or the operator chose. The server
// sends `installmentCount` and the `totalValue` it priced itself; PIX, debit and plans stay whole.

const adminEmail = 'dona@impulso.example';
const webhookToken = 'whsec_hosted_instalments_0123456789abcdef';
let asaas: AsaasTestApp;
beforeAll(async () => {
  asaas = await startAsaasTestApp(webhookToken, {
    ADMIN_EMAIL: adminEmail,
    CARD_CHECKOUT: 'hosted',
    FULFILMENT_PROVIDER: 'manual',
  });
});
afterAll(() => asaas.close());

/** What the fake received to create the charges of an order. */
const chargeBodies = (orderId: string) =>
  asaas.fake.requests
    .filter((r) => r.method === 'POST' && r.path === '/v3/payments')
    .map((r) => r.body as Record<string, unknown>)
    .filter((body) => body.externalReference === orderId);
const orderRow = async (id: string) =>
  (await asaas.app.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const paymentRows = (id: string) =>
  asaas.app.database.db.select().from(payments).where(eq(payments.orderId, id));

describe('the hosted card page in instalments', () => {
  it('sends the chosen count with the total the server priced; the paid plan settles the order once', async () => {
    const res = await placeOrder(asaas.app, {
      email: 'hospedado.parcelado@exemplo.com',
      paymentMethod: 'credit_card',
      installments: 3,
      // Never trusted: the server prices from the catalogue alone.
      ...({ totalValue: 1, value: 1 } as object),
    });
    expect(res.statusCode).toBe(201);
    const { order, next } = res.json();
    expect(next).toBe('redirect');
    expect(order).toMatchObject({ installments: 3, totalCents: 8590 });
    const [body] = chargeBodies(order.id);
    expect(body).toMatchObject({ billingType: 'CREDIT_CARD', installmentCount: 3, totalValue: 85.9 });
    expect(body?.value).toBe(body?.totalValue); // required by Asaas's document (tests/contracts/asaas)
    expect(body).not.toHaveProperty('creditCard');

    const parts = [...asaas.fake.payments.values()].filter((p) => p.externalReference === order.id);
    expect(parts.map((p) => p.value)).toEqual([28.63, 28.63, 28.64]);
    const [ours] = await paymentRows(order.id);
    expect(ours).toMatchObject({
      providerPaymentId: parts[0]!.id,
      providerInstallmentId: parts[0]!.installment,
    });

    asaas.fake.payInvoiceByCard(parts[0]!.id);
    await deliverAsaasEvents(asaas.app, asaas.fake, webhookToken);
    expect(await orderRow(order.id)).toMatchObject({
      paymentStatus: 'paid',
      status: 'processando',
      paymentMethod: 'credit_card',
      installments: 3,
      paymentFlag: null,
    });
    expect(await paymentRows(order.id)).toHaveLength(1);
  });

  it('a PIX, a debit card and a monthly plan are charged whole, whatever count the request names', async () => {
    const pix = (await placeOrder(asaas.app, { paymentMethod: 'pix', installments: 5 })).json().order;
    const debit = (await placeOrder(asaas.app, { paymentMethod: 'debit_card', installments: 5 })).json()
      .order;
    for (const order of [pix, debit]) {
      expect(order.installments).toBe(1);
      const [body] = chargeBodies(order.id);
      expect(body).toMatchObject({ value: 85.9 });
      expect(body).not.toHaveProperty('installmentCount');
    }
    expect(chargeBodies(debit.id)[0]).toMatchObject({ billingType: 'UNDEFINED' });
    const plan = await placeOrder(asaas.app, {
      item: { type: 'recurring', plan: 'simples' },
      paymentMethod: 'credit_card',
      installments: 6,
    });
    expect(plan.json().order.installments).toBe(1);
    const subscription = asaas.fake.requests.findLast((r) => r.path === '/v3/subscriptions')!;
    expect(subscription.body).not.toHaveProperty('installmentCount');
  });
});

describe('"Gerar cobrança" by card in instalments', () => {
  const whatsappOrder = async () => {
    const res = await asaas.app.server.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': newKey() },
      payload: orderRequest({ item: { type: 'followers', amount: 3000 }, installments: 4 }),
    });
    expect(res.json()).toMatchObject({ next: 'whatsapp', order: { totalCents: 19590, installments: 1 } });
    return res.json().order.id as string;
  };
  const charge = async (orderId: string, payload: object) =>
    asaas.app.server.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/charge`,
      headers: { cookie: await operatorCookie(asaas.app, adminEmail) },
      payload,
    });

  it('the operator charges a card in 3x: the invoice plan at Asaas, the order paid once', async () => {
    const orderId = await whatsappOrder();
    const made = await charge(orderId, { method: 'card', installments: 3 });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({
      next: 'redirect',
      order: { paymentMethod: 'whatsapp', installments: 3 },
    });
    const [body] = chargeBodies(orderId);
    expect(body).toMatchObject({ billingType: 'CREDIT_CARD', installmentCount: 3, totalValue: 195.9 });
    expect(body?.value).toBe(body?.totalValue); // required by Asaas's document (tests/contracts/asaas)

    const first = [...asaas.fake.payments.values()].find(
      (p) => p.externalReference === orderId && p.installmentNumber === 1,
    )!;
    asaas.fake.payInvoiceByCard(first.id);
    await deliverAsaasEvents(asaas.app, asaas.fake, webhookToken);
    expect(await orderRow(orderId)).toMatchObject({
      paymentStatus: 'paid',
      paymentMethod: 'credit_card',
      installments: 3,
    });
  });

  it('a PIX is whole; a count outside 1 to 12 is refused in pt-BR before Asaas is asked', async () => {
    const orderId = await whatsappOrder();
    for (const installments of [0, 13, 2.5, 'três']) {
      const refused = await charge(orderId, { method: 'card', installments });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('Escolha de 1 a 12 parcelas');
    }
    expect((await charge(orderId, { method: 'boleto' })).statusCode).toBe(400);
    expect(chargeBodies(orderId)).toEqual([]);
    expect((await charge(orderId, { method: 'pix', installments: 3 })).statusCode).toBe(201);
    expect(chargeBodies(orderId)[0]).toMatchObject({ billingType: 'PIX', value: 195.9 });
    expect(chargeBodies(orderId)[0]).not.toHaveProperty('installmentCount');
  });
});
