import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, subscriptions } from '#server/db/schema/index.ts';
import { cancelSubscription } from '#server/subscriptions/subscriptions.service.ts';
import type { FakeAsaas } from './fake-asaas/fake-asaas-server';
import { billingAddress, startAsaasTestApp, type AsaasTestApp } from './helpers/asaas-test-app';
import { approvedCard, declinedCard, newKey, orderRequest } from './helpers/order-request';
import type { TestApp } from './helpers/test-app';

const token = 'whsec_subscriptions_0123456789abcdefghij';
const address = billingAddress;
let fake: FakeAsaas;
let app: TestApp;
let asaas: AsaasTestApp;

beforeAll(async () => {
  asaas = await startAsaasTestApp(token);
  ({ fake, app } = asaas);
});
afterAll(() => asaas.close());

const subscribe = (overrides: Parameters<typeof orderRequest>[0]) =>
  app.server.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'idempotency-key': newKey() },
    payload: orderRequest({ item: { type: 'recurring', plan: 'simples' }, ...overrides }),
  });

describe('monthly plans (docs/product.md#plans)', () => {
  it('PIX: creates a monthly subscription from today and shows the first charge QR code', async () => {
    const res = await subscribe({ paymentMethod: 'pix' });
    expect(res.statusCode).toBe(201);
    const { order, payment, next } = res.json();
    expect(next).toBe('pix');
    expect(payment.pixPayload).toMatch(/^000201/);
    const body = fake.requests.filter((r) => r.path === '/v3/subscriptions').at(-1)!.body;
    expect(body).toMatchObject({
      billingType: 'PIX',
      cycle: 'MONTHLY',
      value: 197,
      externalReference: order.id,
    });
    const [sub] = await app.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.firstOrderId, order.id));
    // Pending until its first month is paid (an unpaid first PIX ends the plan with it).
    expect(sub).toMatchObject({ planId: 'simples', priceCents: 19700, status: 'pending' });
  });

  it('card: the first month is charged now and the order is paid', async () => {
    const res = await subscribe({ paymentMethod: 'credit_card', card: approvedCard, address });
    expect(res.json()).toMatchObject({
      next: 'success',
      order: { paymentStatus: 'paid', planId: 'simples' },
    });
    const [sub] = await app.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.firstOrderId, res.json().order.id));
    expect(sub!.status).toBe('active');
  });

  it('a declined card creates no subscription and leaves the order unpaid', async () => {
    const res = await subscribe({ paymentMethod: 'credit_card', card: declinedCard, address });
    expect(res.statusCode).toBe(422);
    expect(
      await app.database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.firstOrderId, res.json().orderId)),
    ).toHaveLength(0);
  });

  it('debit cards are refused for plans', async () => {
    const res = await subscribe({ paymentMethod: 'debit_card' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Planos mensais aceitam PIX ou cartão de crédito.');
  });

  it("the next month's charge (webhook) becomes an order of its own, once", async () => {
    const { order } = (await subscribe({ paymentMethod: 'pix' })).json();
    const [sub] = await app.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.firstOrderId, order.id));
    const event = {
      id: 'evt_month2&1',
      event: 'PAYMENT_RECEIVED',
      payment: {
        id: 'pay_month2',
        status: 'RECEIVED',
        subscription: sub!.providerSubscriptionId,
        billingType: 'PIX',
        value: 197,
      },
    };
    for (let i = 0; i < 3; i++) {
      const res = await app.server.inject({
        method: 'POST',
        url: '/api/webhooks/asaas',
        headers: { 'asaas-access-token': token },
        payload: event,
      });
      expect(res.statusCode).toBe(200);
    }
    await app.server.inject({
      method: 'POST',
      url: '/api/webhooks/asaas',
      headers: { 'asaas-access-token': token },
      payload: { ...event, id: 'evt_month2&2' },
    });
    const months = await app.database.db.select().from(orders).where(eq(orders.subscriptionId, sub!.id));
    expect(months).toHaveLength(2);
    const second = months.find((o) => o.id !== order.id)!;
    expect(second).toMatchObject({
      paymentStatus: 'paid',
      status: 'processando',
      totalCents: 19700,
      instagram: 'loja.da.ana',
    });
    expect(second.purchaseCode).not.toBe(months.find((o) => o.id === order.id)!.purchaseCode);
  });

  it('the operator can cancel a subscription at the provider', async () => {
    const { order } = (await subscribe({ paymentMethod: 'pix' })).json();
    const [sub] = await app.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.firstOrderId, order.id));
    const { provider } = asaas;
    await cancelSubscription({ db: app.database.db, provider, clock: () => new Date() }, sub!.id);
    expect(fake.subscriptions.get(sub!.providerSubscriptionId)!.status).toBe('INACTIVE');
    const [after] = await app.database.db.select().from(subscriptions).where(eq(subscriptions.id, sub!.id));
    expect(after!.status).toBe('cancelled');
  });
});
