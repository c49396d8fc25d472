import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { deliveries, orders, outboxEmails, payments } from '#server/db/schema/index.ts';
import { startAsaasTestApp, type AsaasTestApp } from './helpers/asaas-test-app';
import { newKey, orderProof, orderRequest } from './helpers/order-request';
import { createTestApp, type TestApp } from './helpers/test-app';

// An unpaid PIX expires (docs/product.md#pix, issue 12): after PIX_EXPIRY_MINUTES the shop removes the charge
// at the provider and cancels the order; one reminder e-mail before; a payment that still arrives is
// honoured.

let now = Date.parse('2026-11-23T15:00:00Z');
const clock = () => new Date(now);
const minutes = (n: number) => (now += n * 60_000);

const webhookToken = 'whsec_expiry_1234567890_0123456789abcdefghij';
let asaas: AsaasTestApp;
let sandbox: TestApp;
beforeAll(async () => {
  asaas = await startAsaasTestApp(
    webhookToken,
    { PIX_EXPIRY_MINUTES: '30', PIX_REMINDER_MINUTES: '10' },
    { clock },
  );
  sandbox = await createTestApp({ PIX_EXPIRY_MINUTES: '30', PIX_REMINDER_MINUTES: '10' }, { clock });
});
afterAll(async () => {
  await asaas.close();
  await sandbox.close();
});

async function pixOrder(app: TestApp, email: string) {
  const res = await app.server.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'idempotency-key': newKey() },
    payload: orderRequest({ email }),
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { order: { id: string }; payment: { id: string; expiresAt: string } };
}
const orderRow = async (app: TestApp, id: string) =>
  (await app.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const paymentRow = async (app: TestApp, id: string) =>
  (await app.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const mailsTo = async (app: TestApp, to: string) =>
  (await app.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, to))).map((m) => m.subject);

describe('with Asaas', () => {
  it('the PIX deadline is the shop’s, not the year Asaas would keep it payable', async () => {
    const { payment } = await pixOrder(asaas.app, 'prazo@exemplo.com');
    expect(payment.expiresAt).toBe(new Date(now + 30 * 60_000).toISOString());
  });

  it('expiry removes the charge at Asaas and cancels the order (reason: expired); one reminder before', async () => {
    const { order, payment } = await pixOrder(asaas.app, 'expira@exemplo.com');
    const charge = [...asaas.fake.payments.values()].find((p) => p.externalReference === order.id)!;
    await asaas.app.jobs.drain();
    minutes(11);
    await asaas.app.jobs.drain();
    minutes(5);
    await asaas.app.jobs.drain();
    expect(
      (await mailsTo(asaas.app, 'expira@exemplo.com')).filter((s) => s.startsWith('Falta pagar')),
    ).toHaveLength(1);

    minutes(15);
    await asaas.app.jobs.drain();
    expect(charge.deleted).toBe(true);
    expect(
      asaas.fake.requests.some((r) => r.method === 'DELETE' && r.path === `/v3/payments/${charge.id}`),
    ).toBe(true);
    expect(await orderRow(asaas.app, order.id)).toMatchObject({
      status: 'cancelado',
      cancelReason: 'expired',
    });
    expect((await paymentRow(asaas.app, payment.id)).status).toBe('expired');
    // The order page no longer offers the QR.
    const view = (await asaas.app.server.inject({ url: `/api/orders/${order.id}` })).json();
    expect(view.next).not.toBe('pix');
    // No reminder after expiry.
    minutes(60);
    await asaas.app.jobs.drain();
    expect(
      (await mailsTo(asaas.app, 'expira@exemplo.com')).filter((s) => s.startsWith('Falta pagar')),
    ).toHaveLength(1);
  });

  it('a charge paid just before expiry is not removed: Asaas refuses, the payment is recorded', async () => {
    const { order } = await pixOrder(asaas.app, 'pagou.no.limite@exemplo.com');
    const charge = [...asaas.fake.payments.values()].find((p) => p.externalReference === order.id)!;
    charge.status = 'RECEIVED'; // paid at Asaas; the webhook has not arrived
    minutes(31);
    await asaas.app.jobs.drain();
    expect(charge.deleted).toBeUndefined();
    expect(await orderRow(asaas.app, order.id)).toMatchObject({
      paymentStatus: 'paid',
      status: 'processando',
    });
  });

  it('a payment that still arrives after expiry is honoured and flagged, and delivered', async () => {
    const { order } = await pixOrder(asaas.app, 'pagou.depois@exemplo.com');
    const charge = [...asaas.fake.payments.values()].find((p) => p.externalReference === order.id)!;
    minutes(31);
    await asaas.app.jobs.drain();
    expect((await orderRow(asaas.app, order.id)).status).toBe('cancelado');
    const late = await asaas.app.server.inject({
      method: 'POST',
      url: '/api/webhooks/asaas',
      headers: { 'asaas-access-token': webhookToken },
      payload: {
        id: `evt_late_${order.id}`,
        event: 'PAYMENT_RECEIVED',
        payment: { object: 'payment', id: charge.id, status: 'RECEIVED', value: 85.9 },
      },
    });
    expect(late.statusCode).toBe(200);
    expect(await orderRow(asaas.app, order.id)).toMatchObject({
      paymentStatus: 'paid',
      status: 'processando',
      paymentFlag: 'pago_apos_expiracao',
    });
    const rows = await asaas.app.database.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.orderId, order.id));
    expect(rows).toHaveLength(1);
  });
});

describe('with the sandbox', () => {
  it('"deadline" brings an open PIX to its deadline now: the next look expires it and cancels the order', async () => {
    const { order, payment } = await pixOrder(sandbox, 'sandbox.prazo@exemplo.com');
    // Bringing a deadline forward cancels the order: a write, with its proof (issue 42 §3).
    const deadline = (path: string) =>
      sandbox.server.inject({ method: 'POST', url: path, headers: orderProof(order.id) });
    await sandbox.jobs.drain();
    expect((await orderRow(sandbox, order.id)).status).toBe('pendente');

    const moved = await deadline(`/api/sandbox/payments/${payment.id}/deadline`);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().expiresAt).toBe(new Date(now).toISOString());
    await sandbox.jobs.drain();
    expect(await orderRow(sandbox, order.id)).toMatchObject({ status: 'cancelado', cancelReason: 'expired' });
    expect((await paymentRow(sandbox, payment.id)).status).toBe('expired');

    // Only an open PIX has a deadline to bring forward.
    expect((await deadline(`/api/sandbox/payments/${payment.id}/deadline`)).statusCode).toBe(404);
    expect((await deadline('/api/sandbox/payments/nao-e-um-id/deadline')).statusCode).toBe(404);
  });

  it('a paid order is never expired, and an order cancelled by the operator is not reopened by a late payment', async () => {
    const paid = await pixOrder(sandbox, 'sandbox.pago@exemplo.com');
    await sandbox.server.inject({ method: 'POST', url: `/api/sandbox/payments/${paid.payment.id}/confirm` });
    const open = await pixOrder(sandbox, 'sandbox.aberto@exemplo.com');
    minutes(31);
    await sandbox.jobs.drain();
    expect((await orderRow(sandbox, paid.order.id)).status).toBe('processando');
    expect(await orderRow(sandbox, open.order.id)).toMatchObject({
      status: 'cancelado',
      cancelReason: 'expired',
    });

    const byOperator = await pixOrder(sandbox, 'sandbox.cancelado@exemplo.com');
    await sandbox.database.db
      .update(orders)
      .set({ status: 'cancelado' })
      .where(eq(orders.id, byOperator.order.id));
    await sandbox.server.inject({
      method: 'POST',
      url: `/api/sandbox/payments/${byOperator.payment.id}/confirm`,
    });
    expect(await orderRow(sandbox, byOperator.order.id)).toMatchObject({
      status: 'cancelado',
      paymentFlag: 'pago_apos_cancelamento',
    });
  });
});
