import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { orders, outboxEmails, payments, subscriptions } from '#server/db/schema/index.ts';
import { cancelSubscription } from '#server/subscriptions/subscriptions.service.ts';
import { deliverAsaasEvents } from './helpers/asaas-events';
import { billingAddress, startAsaasTestApp, type AsaasTestApp } from './helpers/asaas-test-app';
import { approvedCard, placeOrder } from './helpers/order-request';
import type { TestApp } from './helpers/test-app';

// A plan's life at Asaas after the first month (issue 12): a renewal the card refuses (the buyer is asked
// to update the card), the provider ending a subscription (ended here too, the owner told), and our own
// cancellation (Asaas removes the pending charges with PAYMENT_DELETED; no alert for what we did).

const token = 'whsec_subscription_events_0123456789';
const ownerEmail = 'dona@impulso.example';
let asaas: AsaasTestApp;
let app: TestApp;
beforeAll(async () => {
  asaas = await startAsaasTestApp(token, { OWNER_ALERT_EMAIL: ownerEmail });
  app = asaas.app;
});
afterAll(() => asaas.close());

async function cardPlan(email: string) {
  const res = await placeOrder(app, {
    email,
    item: { type: 'recurring', plan: 'simples' },
    paymentMethod: 'credit_card',
    card: approvedCard,
    address: billingAddress,
  });
  expect(res.json().order.paymentStatus).toBe('paid');
  const orderId = res.json().order.id as string;
  const [subscription] = await app.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.firstOrderId, orderId));
  await deliverAsaasEvents(app, asaas.fake, token);
  return subscription!;
}
const subjects = async (to: string) =>
  (await app.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, to))).map((m) => m.subject);
const subscriptionRow = async (id: string) =>
  (await app.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;

describe('plan events from Asaas', () => {
  it('a renewal the card refuses: the month waits unpaid and the buyer is asked, once, to update the card', async () => {
    const email = 'renova@exemplo.com';
    const subscription = await cardPlan(email);
    const renewal = asaas.fake.renewSubscription(subscription.providerSubscriptionId, {
      captureRefused: true,
    });
    await deliverAsaasEvents(app, asaas.fake, token);

    const [payment] = await app.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, 'asaas'), eq(payments.providerPaymentId, renewal.id)));
    const month = (await app.database.db.select().from(orders).where(eq(orders.id, payment!.orderId)))[0]!;
    expect(month).toMatchObject({ subscriptionId: subscription.id, paymentStatus: 'unpaid' });
    expect((await subjects(email)).filter((s) => s.startsWith('Mensalidade recusada'))).toHaveLength(1);
    expect((await app.server.inject({ url: `/api/orders/${month.id}` })).json().payable).toBe(true);
  });

  it('Asaas ends a subscription on its own: ended here too, the owner alerted once', async () => {
    const subscription = await cardPlan('inativa@exemplo.com');
    asaas.fake.inactivateSubscription(subscription.providerSubscriptionId);
    const sent = await deliverAsaasEvents(app, asaas.fake, token);
    expect(sent.map((e) => e.event)).toEqual(['SUBSCRIPTION_INACTIVATED']);
    expect(await subscriptionRow(subscription.id)).toMatchObject({ status: 'cancelled' });
    expect((await subjects(ownerEmail)).filter((s) => s.includes('Plano mensal encerrado'))).toHaveLength(1);
  });

  it('our cancellation: Asaas removes the pending month (PAYMENT_DELETED) and the subscription; no alert', async () => {
    const subscription = await cardPlan('cancela@exemplo.com');
    const renewal = asaas.fake.renewSubscription(subscription.providerSubscriptionId, {
      captureRefused: true,
    });
    await deliverAsaasEvents(app, asaas.fake, token);
    const alertsBefore = (await subjects(ownerEmail)).length;

    await cancelSubscription(
      { db: app.database.db, provider: asaas.provider, clock: () => new Date() },
      subscription.id,
    );
    const sent = await deliverAsaasEvents(app, asaas.fake, token);
    expect(sent.map((e) => e.event)).toEqual(['PAYMENT_DELETED', 'SUBSCRIPTION_DELETED']);
    const [payment] = await app.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, renewal.id));
    expect(payment!.status).toBe('removed');
    expect(await subscriptionRow(subscription.id)).toMatchObject({ status: 'cancelled' });
    expect((await subjects(ownerEmail)).length).toBe(alertsBefore);
  });
});
