import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, outboxEmails, payments } from '#server/db/schema/index.ts';
import { operatorCookie } from './helpers/accounts';
import { deliverAsaasEvents } from './helpers/asaas-events';
import { billingAddress, startAsaasTestApp, type AsaasTestApp } from './helpers/asaas-test-app';
import { approvedCard, newKey, placeOrder } from './helpers/order-request';
import type { TestApp } from './helpers/test-app';

// A card paid in instalments is, at Asaas, a plan of one payment per instalment: the store keeps the
// plan's id, ignores the other instalments' events, and refunds through the plan with
// POST /v3/installments/{id}/refund (with a value for a part) — a payment refund would return one
// instalment only.

const adminEmail = 'dona@impulso.example';
const webhookToken = 'whsec_installments_0123456789abcdef';
let asaas: AsaasTestApp;
let app: TestApp;
let cookie: string;
beforeAll(async () => {
  asaas = await startAsaasTestApp(webhookToken, { ADMIN_EMAIL: adminEmail, FULFILMENT_PROVIDER: 'manual' });
  app = asaas.app;
  cookie = await operatorCookie(app, adminEmail);
});
afterAll(() => asaas.close());

const email = 'parcelado@exemplo.com';
async function instalmentOrder() {
  const res = await placeOrder(app, {
    email,
    paymentMethod: 'credit_card',
    installments: 3,
    card: approvedCard,
    address: billingAddress,
  });
  expect(res.statusCode).toBe(201);
  return res.json().order.id as string;
}
const refund = (orderId: string, body: object) =>
  app.server.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refunds`,
    headers: { cookie, 'idempotency-key': newKey() },
    payload: body,
  });
const orderRow = async (id: string) =>
  (await app.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('card instalment plans', () => {
  it('the plan is one payment per instalment; ours keeps the plan id; the other instalments change nothing', async () => {
    const orderId = await instalmentOrder();
    const parts = [...asaas.fake.payments.values()].filter((p) => p.externalReference === orderId);
    expect(parts.map((p) => p.installmentNumber)).toEqual([1, 2, 3]);
    // R$ 85,90 in 3: 28,63 + 28,63 + 28,64 — the remainder on the last, as Asaas does.
    expect(parts.map((p) => p.value)).toEqual([28.63, 28.63, 28.64]);
    const [ours] = await app.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(ours).toMatchObject({
      providerPaymentId: parts[0]!.id,
      providerInstallmentId: parts[0]!.installment,
    });
    expect(ours!.amountCents).toBe(8590);

    await deliverAsaasEvents(app, asaas.fake, webhookToken);
    const order = await orderRow(orderId);
    expect(order).toMatchObject({
      paymentStatus: 'paid',
      status: 'processando',
      installments: 3,
      paymentFlag: null,
    });
    expect(await app.database.db.select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(
      1,
    );
    const byEmail = await app.database.db.select().from(orders).where(eq(orders.email, email));
    expect(byEmail).toHaveLength(1);
    const mails = await app.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    expect(mails.filter((m) => m.subject.includes('confirmado'))).toHaveLength(1);
  });

  it('a refund goes to the instalment plan, in part (with its value) or whole', async () => {
    const orderId = await instalmentOrder();
    await deliverAsaasEvents(app, asaas.fake, webhookToken);
    const parts = [...asaas.fake.payments.values()].filter((p) => p.externalReference === orderId);
    const planPath = `/v3/installments/${parts[0]!.installment}/refund`;

    const part = await refund(orderId, { amountCents: 2000, reason: 'Entrega parcial' });
    expect(part.statusCode).toBe(201);
    expect(asaas.fake.requests.filter((r) => r.path === planPath).at(-1)!.body).toEqual({ value: 20 });
    expect(part.json().refund).toMatchObject({ amountCents: 2000, status: 'refunded' });
    expect((await orderRow(orderId)).paymentStatus).toBe('paid');

    const rest = await refund(orderId, { reason: 'Cliente desistiu' });
    expect(rest.statusCode).toBe(201);
    expect(asaas.fake.requests.filter((r) => r.path === planPath).at(-1)!.body).toEqual({ value: 65.9 });
    const refundPaths = asaas.fake.requests.filter((r) => r.path.endsWith('/refund')).map((r) => r.path);
    expect(refundPaths.filter((p) => p.startsWith('/v3/payments/'))).toEqual([]);
    expect(parts.every((p) => p.status === 'REFUNDED')).toBe(true);

    await deliverAsaasEvents(app, asaas.fake, webhookToken);
    expect((await orderRow(orderId)).paymentStatus).toBe('refunded');
    const mails = await app.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    // One e-mail per refund: the part, then the rest.
    expect(mails.filter((m) => m.subject.startsWith('Reembolso do pedido'))).toHaveLength(2);
  });
});
