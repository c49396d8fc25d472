import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { orders, outboxEmails, payments, subscriptions } from '#server/db/schema/index.ts';
import { deliverAsaasEvents } from './helpers/asaas-events';
import { startAsaasTestApp, type AsaasTestApp } from './helpers/asaas-test-app';
import { orderProof, placeOrder } from './helpers/order-request';

// Issue 43 against the fake Asaas, which generates a plan's charges ahead of their due days as Asaas does
// ('Assinaturas' FAQ: about 40 days), so the second month exists right after the first: PAYMENT_CREATED
// makes the month's order with its own PIX; a lost PAYMENT_CREATED is found in the plan's list of
// charges; the first month is the one due first; a subscription answered before its charges exist gets
// its PIX when they do; events twice, out of order and at once make one month; a plan left unpaid, and one
// the buyer cancels while Asaas is down, end at Asaas.

const token = 'whsec_plan_months_asaas_0123456789';
let now = Date.parse('2026-11-28T15:00:00Z');
const clock = () => new Date(now);
const dayMs = 86_400_000;
let asaas: AsaasTestApp;
beforeAll(async () => {
  asaas = await startAsaasTestApp(token, { OWNER_ALERT_EMAIL: 'dona@asaas.example' }, { clock });
});
afterAll(() => asaas.close());

const db = () => asaas.app.database.db;
const deliver = (which?: Parameters<typeof deliverAsaasEvents>[3]) =>
  deliverAsaasEvents(asaas.app, asaas.fake, token, which);
const drain = async () => {
  await asaas.app.jobs.drain();
  await asaas.app.jobs.drain();
};

async function pixPlan(email: string) {
  const res = await placeOrder(asaas.app, { item: { type: 'recurring', plan: 'simples' }, email });
  expect(res.statusCode).toBe(201);
  const body = res.json();
  const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.firstOrderId, body.order.id));
  return { body, sub: sub! };
}

/** The plan's months here: each order with its charge, by due day. */
async function monthsOf(subscriptionId: string) {
  return db()
    .select({ order: orders, payment: payments })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(eq(orders.subscriptionId, subscriptionId))
    .orderBy(payments.createdAt, payments.seq);
}

describe('a PIX plan at Asaas', () => {
  it('month 1 is the charge due first; PAYMENT_CREATED makes month 2 with its own PIX and due day', async () => {
    const { body, sub } = await pixPlan('ana.asaas@exemplo.com');
    const atAsaas = [...asaas.fake.payments.values()].filter(
      (p) => p.subscription === sub.providerSubscriptionId,
    );
    expect(atAsaas.map((p) => p.dueDate).sort()).toEqual(['2026-11-28', '2026-12-28']);
    const first = atAsaas.find((p) => p.dueDate === '2026-11-28')!;
    expect(body.next).toBe('pix');
    const [mine] = await db().select().from(payments).where(eq(payments.orderId, body.order.id));
    expect(mine!.providerPaymentId).toBe(first.id);

    await deliver();
    await drain();
    const months = await monthsOf(sub.id);
    expect(months).toHaveLength(2);
    const second = months.find((m) => m.order.id !== body.order.id)!;
    expect(second.payment).toMatchObject({ dueDate: '2026-12-28', status: 'pending', method: 'pix' });
    expect(second.payment.pixPayload).toEqual(expect.any(String));
    expect(second.order).toMatchObject({ status: 'pendente', totalCents: 19700 });
    expect(
      asaas.fake.requests.some(
        (r) => r.path === `/v3/payments/${second.payment.providerPaymentId}/pixQrCode`,
      ),
    ).toBe(true);
  });

  it("PAYMENT_CREATED lost: the plan's list of charges at Asaas finds month 2", async () => {
    const { sub } = await pixPlan('bia.perdida@exemplo.com');
    // Only the first month's events reach the shop.
    await deliver((event) => event.event !== 'PAYMENT_CREATED' || event.payment?.dueDate === '2026-11-28');
    expect(await monthsOf(sub.id)).toHaveLength(1);
    now += 61_000; // the provider's lists are read at most once a minute
    await drain();
    const months = await monthsOf(sub.id);
    expect(months).toHaveLength(2);
    expect(months[1]!.payment.dueDate).toBe('2026-12-28');
  });

  it('PAYMENT_RECEIVED before PAYMENT_CREATED, each twice, two at once: one month, paid', async () => {
    const { sub } = await pixPlan('caio.ordem@exemplo.com');
    const events = asaas.fake.events.splice(0);
    const second = [...asaas.fake.payments.values()].find(
      (p) => p.subscription === sub.providerSubscriptionId && p.dueDate === '2026-12-28',
    )!;
    asaas.fake.receivePix(second.id);
    const received = asaas.fake.events.splice(0);
    const post = (event: object) =>
      asaas.app.server.inject({
        method: 'POST',
        url: '/api/webhooks/asaas',
        headers: { 'asaas-access-token': token },
        payload: event,
      });
    const all = [...received, ...events.reverse()];
    const answers = await Promise.all([...all, ...all].map(post));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    await drain();
    const months = (await monthsOf(sub.id)).filter((m) => m.payment.providerPaymentId === second.id);
    expect(months).toHaveLength(1);
    expect(months[0]!.order.paymentStatus).toBe('paid');
  });

  it('answered before its charges exist: the buyer is shown the PIX once Asaas makes it', async () => {
    asaas.fake.subscriptionChargesLate = true;
    const { body, sub } = await pixPlan('dani.tarde@exemplo.com');
    asaas.fake.subscriptionChargesLate = false;
    const [waiting] = await db().select().from(payments).where(eq(payments.orderId, body.order.id));
    expect(waiting!.status).toBe('awaiting_charge');
    asaas.fake.generateSubscriptionCharges(sub.providerSubscriptionId);
    await deliver();
    await drain();
    const view = (
      await asaas.app.server.inject({
        url: `/api/orders/${body.order.id}`,
        headers: orderProof(body.order.id),
      })
    ).json();
    expect(view.next).toBe('pix');
    expect(view.payment.pixPayload).toEqual(expect.any(String));
    expect(view.payment.expiresAt).not.toBeNull();
  });

  it('a month left unpaid ends the plan at Asaas; the month is removed there', async () => {
    const { body, sub } = await pixPlan('edu.sumiu@exemplo.com');
    const [first] = await db().select().from(payments).where(eq(payments.orderId, body.order.id));
    asaas.fake.receivePix(first!.providerPaymentId);
    await deliver();
    await drain();
    now += 46 * dayMs; // month 2 due on 28/12, plus 16 days
    await drain();
    await deliver();
    await drain();
    const [after] = await db().select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(after).toMatchObject({ status: 'cancelled', cancelReason: 'unpaid' });
    expect(asaas.fake.subscriptions.get(sub.providerSubscriptionId)!.deleted).toBe(true);
    const owed = await db()
      .select()
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(and(eq(orders.subscriptionId, sub.id), isNotNull(payments.dueDate)));
    expect(owed.map((m) => [m.orders.status, m.payments.status])).toEqual([['cancelado', 'removed']]);
    const mails = await db().select().from(outboxEmails).where(eq(outboxEmails.to, 'edu.sumiu@exemplo.com'));
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('está pausado'),
        expect.stringContaining('foi cancelado'),
      ]),
    );
  });

  it('the buyer cancels while Asaas is down: recorded, then ended at Asaas once it answers', async () => {
    const { body, sub } = await pixPlan('fabi.cancela@exemplo.com');
    await deliver();
    asaas.fake.outage(503);
    const res = await asaas.app.server.inject({
      method: 'POST',
      url: `/api/orders/${body.order.id}/plan/cancel`,
      headers: orderProof(body.order.id),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().plan).toMatchObject({ status: 'pending', cancelReason: 'buyer' });
    asaas.fake.outage(null);
    now += 10 * 60_000; // the job's back-off
    await drain();
    const [after] = await db().select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(after).toMatchObject({ status: 'cancelled', cancelReason: 'buyer' });
    expect(asaas.fake.subscriptions.get(sub.providerSubscriptionId)!.deleted).toBe(true);
  });
});
