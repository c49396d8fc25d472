import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { deliveries, orders, outboxEmails, payments, subscriptions } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/test-app';
import { newKey, orderProof, orderRequest, placeOrder } from './helpers/order-request';
import { operatorCookie, signupBody } from './helpers/accounts';
import { sessionCookieOf } from './helpers/cookies';

// Issue 43: a PIX plan's later months are asked of the buyer (e-mail with the month's own PIX, a few days
// ahead and on the due day), paid and delivered; unpaid, the plan pauses, resumes when paid, and ends
// after PLAN_CANCEL_AFTER_DAYS; the buyer cancels on their own. The sandbox stands in for the provider's
// monthly charge (POST /api/sandbox/orders/:id/next-month); its days move on the test's clock.

let now = Date.parse('2026-11-28T15:00:00Z'); // 12:00 in São Paulo
const clock = () => new Date(now);
const dayMs = 86_400_000;
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ OWNER_ALERT_EMAIL: 'dona@plano.example' }, { clock });
});
afterAll(() => app.close());

const db = () => app.database.db;
const post = (url: string, headers: Record<string, string>, payload?: object) =>
  app.server.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const drain = async () => {
  // Twice: the follow-up's poller queues jobs that the next pass runs.
  await app.jobs.drain();
  await app.jobs.drain();
};
const mailsTo = (to: string) => db().select().from(outboxEmails).where(eq(outboxEmails.to, to));

/** A Simples plan bought by PIX and paid: its first order's id. */
async function paidPlan(email: string): Promise<string> {
  const bought = (await placeOrder(app, { item: { type: 'recurring', plan: 'simples' }, email })).json();
  expect(bought.next).toBe('pix');
  await post(`/api/sandbox/payments/${bought.payment.id}/confirm`, {});
  await drain();
  return bought.order.id as string;
}

/** The provider's PIX month, `dueInDays` ahead: the month's order and charge. */
async function pixMonth(firstId: string, dueInDays = 3) {
  const made = await post(`/api/sandbox/orders/${firstId}/next-month`, orderProof(firstId), {
    paid: false,
    dueInDays,
  });
  expect(made.statusCode).toBe(200);
  await drain();
  const [plan] = await db().select().from(orders).where(eq(orders.id, firstId));
  const [month] = await db()
    .select({ order: orders, payment: payments })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(and(eq(orders.subscriptionId, plan!.subscriptionId!), eq(payments.status, 'pending')));
  return month!;
}

const planOf = async (orderId: string) =>
  (await app.server.inject({ url: `/api/orders/${orderId}`, headers: orderProof(orderId) })).json().plan;

describe('a PIX month', () => {
  it('is its own order, pending with its PIX and due day; the buyer gets it by e-mail ahead and on the day', async () => {
    const firstId = await paidPlan('ana.mensal@exemplo.com');
    const month = await pixMonth(firstId, 3);
    expect(month.order).toMatchObject({ status: 'pendente', paymentStatus: 'unpaid', totalCents: 19700 });
    expect(month.payment.dueDate).toBe('2026-12-01');
    expect(month.payment.pixPayload).toMatch(/^000201/);
    expect(month.payment.expiresAt).toBeNull();

    const [ahead] = (await mailsTo('ana.mensal@exemplo.com')).filter((m) => m.subject.includes('vence em'));
    expect(ahead?.subject).toContain('A mensalidade do seu Plano Simples (mensal) vence em 01/12/2026');
    expect(ahead?.text).toContain(month.payment.pixPayload!);
    expect(ahead?.text).toContain('R$ 197,00');
    expect(ahead?.html).toContain(`/api/payments/${month.payment.id}/qr.png`);
    expect(ahead?.text).toMatch(new RegExp(`/order/${month.order.id}#acesso=`));

    // The plan on the first month's page: next charge, and the month to pay with its code.
    const plan = await planOf(firstId);
    expect(plan).toMatchObject({
      status: 'active',
      nextCharge: { dueDate: '2027-01-01', amountCents: 19700, method: 'pix' },
      openMonth: { orderId: month.order.id, dueDate: '2026-12-01', pixPayload: month.payment.pixPayload },
    });
    // Without the order's proof, the month's code stays hidden.
    const stranger = (await app.server.inject({ url: `/api/orders/${firstId}` })).json();
    expect(stranger.plan.openMonth).toMatchObject({ pixPayload: null, paymentId: null });

    // On its due day, once more; never twice.
    now += 3 * dayMs;
    await drain();
    await drain();
    const notices = (await mailsTo('ana.mensal@exemplo.com')).filter((m) =>
      m.subject.includes('mensalidade'),
    );
    expect(notices.map((m) => m.subject)).toEqual([
      expect.stringContaining('vence em 01/12/2026'),
      expect.stringContaining('Vence hoje'),
    ]);

    // Paid: delivered like any month.
    await post(`/api/sandbox/payments/${month.payment.id}/confirm`, {});
    await drain();
    const [paid] = await db().select().from(orders).where(eq(orders.id, month.order.id));
    expect(paid).toMatchObject({ paymentStatus: 'paid', status: 'processando' });
    expect(
      await db().select().from(deliveries).where(eq(deliveries.orderId, month.order.id)),
    ).not.toHaveLength(0);
    expect((await planOf(firstId)).openMonth).toBeNull();
  });
});

describe('a month left unpaid', () => {
  it('pauses the plan after PLAN_GRACE_DAYS; paid late, it resumes', async () => {
    const firstId = await paidPlan('bia.atrasada@exemplo.com');
    const month = await pixMonth(firstId, 0);
    now += 5 * dayMs;
    await drain();
    expect((await planOf(firstId)).status).toBe('active');
    now += dayMs;
    await drain();
    expect((await planOf(firstId)).status).toBe('paused');
    const mails = await mailsTo('bia.atrasada@exemplo.com');
    expect(mails.map((m) => m.subject)).toContainEqual(expect.stringContaining('está pausado'));
    const owner = await mailsTo('dona@plano.example');
    expect(owner.map((m) => m.subject)).toContainEqual(
      expect.stringContaining('pausado por falta de pagamento'),
    );

    await post(`/api/sandbox/payments/${month.payment.id}/confirm`, {});
    await drain();
    expect((await planOf(firstId)).status).toBe('active');
    expect((await mailsTo('bia.atrasada@exemplo.com')).map((m) => m.subject)).toContainEqual(
      expect.stringContaining('voltou'),
    );
  });

  it('ends the plan after PLAN_CANCEL_AFTER_DAYS: cancelled, the month cancelled, buyer and owner told', async () => {
    const firstId = await paidPlan('caio.sumiu@exemplo.com');
    const month = await pixMonth(firstId, 0);
    now += 16 * dayMs;
    await drain();
    await drain();
    const plan = await planOf(firstId);
    expect(plan).toMatchObject({
      status: 'cancelled',
      cancelReason: 'unpaid',
      nextCharge: null,
      openMonth: null,
    });
    const [monthAfter] = await db().select().from(orders).where(eq(orders.id, month.order.id));
    expect(monthAfter!.status).toBe('cancelado');
    expect((await mailsTo('caio.sumiu@exemplo.com')).map((m) => m.subject)).toContainEqual(
      expect.stringContaining('foi cancelado'),
    );
    expect((await mailsTo('dona@plano.example')).map((m) => m.subject)).toContainEqual(
      expect.stringContaining('cancelado por falta de pagamento'),
    );
  });
});

describe('the buyer cancels', () => {
  it('needs the order proof; ends the plan; the paid month runs to its end; e-mail to the buyer and owner', async () => {
    const firstId = await paidPlan('dani.cancela@exemplo.com');
    expect((await post(`/api/orders/${firstId}/plan/cancel`, {})).statusCode).toBe(403);
    const res = await post(`/api/orders/${firstId}/plan/cancel`, orderProof(firstId));
    expect(res.statusCode).toBe(200);
    expect(res.json().plan).toMatchObject({ status: 'cancelled', cancelReason: 'buyer', nextCharge: null });
    expect(res.json().plan.runsUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.firstOrderId, firstId));
    expect(sub).toMatchObject({ status: 'cancelled', cancelReason: 'buyer' });
    await drain();
    const mail = (await mailsTo('dani.cancela@exemplo.com')).find((m) => m.subject.includes('foi cancelado'));
    expect(mail?.text).toContain('Cancelamos o seu Plano Simples (mensal), como você pediu.');
    expect(mail?.text).toContain('O mês já pago segue até');
    expect((await mailsTo('dona@plano.example')).map((m) => m.subject)).toContainEqual(
      expect.stringContaining('Cliente cancelou o plano'),
    );
    // The owner sees who ended it, on the plan's row in the panel.
    const cookie = await operatorCookie(app, app.config.adminEmail);
    const listed = (
      await app.server.inject({ url: '/api/admin/orders?period=all&q=dani.cancela', headers: { cookie } })
    ).json().orders;
    expect(listed[0].plan).toEqual({ status: 'cancelled', cancelReason: 'buyer' });
    // Again: nothing more happens.
    expect((await post(`/api/orders/${firstId}/plan/cancel`, orderProof(firstId))).statusCode).toBe(200);
  });

  it("from Minha conta: the account's plans with their months, cancelled with the session alone", async () => {
    const signup = await app.server.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: signupBody('edu.conta@exemplo.com'),
    });
    const cookie = sessionCookieOf(signup);
    const bought = (
      await app.server.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { 'idempotency-key': newKey(), cookie },
        payload: orderRequest({
          item: { type: 'recurring', plan: 'simples' },
          email: 'edu.conta@exemplo.com',
        }),
      })
    ).json();
    await post(`/api/sandbox/payments/${bought.payment.id}/confirm`, {});
    await pixMonth(bought.order.id, 3);
    const account = (await app.server.inject({ url: '/api/account/orders', headers: { cookie } })).json();
    expect(account.plans).toEqual([
      expect.objectContaining({
        status: 'active',
        openMonth: expect.objectContaining({ pixPayload: expect.any(String) }),
      }),
    ]);
    const cancelled = await post(`/api/orders/${bought.order.id}/plan/cancel`, { cookie });
    expect(cancelled.statusCode).toBe(200);
    const after = (await app.server.inject({ url: '/api/account/orders', headers: { cookie } })).json();
    expect(after.plans[0]).toMatchObject({ status: 'cancelled', cancelReason: 'buyer', openMonth: null });
  });
});
