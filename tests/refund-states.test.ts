import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, refunds } from '#server/db/schema/index.ts';
import { operatorCookie } from './helpers/accounts';
import { deliverAsaasEvents } from './helpers/asaas-events';
import { startAsaasTestApp, type AsaasTestApp } from './helpers/asaas-test-app';
import { newKey, placeOrder } from './helpers/order-request';
import type { TestApp } from './helpers/test-app';

// Issue 23 §3: a refund whose answer was lost is looked up, never shown as a refusal (the operator would
// retry and Asaas refund twice); a refund awaiting the owner's authorisation in Asaas or denied by it is
// read (webhook and reconciliation) and shown with its reason.

const adminEmail = 'dona@impulso.example';
const webhookToken = 'whsec_refund_states_0123456789abcdef';
let asaas: AsaasTestApp;
let app: TestApp;
let cookie: string;
beforeAll(async () => {
  asaas = await startAsaasTestApp(webhookToken, { ADMIN_EMAIL: adminEmail, FULFILMENT_PROVIDER: 'manual' });
  app = asaas.app;
  cookie = await operatorCookie(app, adminEmail);
});
afterAll(() => asaas.close());

async function paidOrder(email: string) {
  const orderId = (await placeOrder(app, { email })).json().order.id as string;
  const charge = [...asaas.fake.payments.values()].find((p) => p.externalReference === orderId)!;
  charge.status = 'RECEIVED';
  asaas.fake.events.push({
    id: `evt_paid_${orderId}`,
    event: 'PAYMENT_RECEIVED',
    dateCreated: '',
    payment: charge,
  });
  await deliverAsaasEvents(app, asaas.fake, webhookToken);
  return { orderId, charge };
}
const refund = (orderId: string, body: object, key = newKey()) =>
  app.server.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refunds`,
    headers: { cookie, 'idempotency-key': key },
    payload: body,
  });
const listed = async (orderId: string) =>
  (await app.server.inject({ url: `/api/admin/orders/${orderId}/refunds`, headers: { cookie } })).json()
    .refunds as Array<{ status: string; lastError: string | null }>;
const orderRow = async (id: string) =>
  (await app.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const refundPosts = (paymentId: string) =>
  asaas.fake.requests.filter((r) => r.method === 'POST' && r.path === `/v3/payments/${paymentId}/refund`);
/** Reconciliation's next run (a refund never asked about is due at once). */
const settle = async () => {
  await app.reconciler.runOnce();
  await app.jobs.drain();
};

describe('a refund whose answer is lost', () => {
  it('is found at Asaas at once: refunded, not "recusou"; the same key asks nothing again', async () => {
    const { orderId, charge } = await paidOrder('estorno.perdido@exemplo.com');
    const key = newKey();
    asaas.fake.loseNextAnswer(/\/refund$/);
    const asked = await refund(orderId, { amountCents: 2000, reason: 'Entrega parcial' }, key);
    expect(asked.statusCode).toBe(201);
    expect(asked.json().refund).toMatchObject({ amountCents: 2000, status: 'refunded' });
    const again = await refund(orderId, { amountCents: 2000, reason: 'Entrega parcial' }, key);
    expect(again.json().refund.id).toBe(asked.json().refund.id);
    expect(refundPosts(charge.id)).toHaveLength(1);
    expect(asaas.fake.payments.get(charge.id)!.refunds).toHaveLength(1);
    expect((await orderRow(orderId)).paymentStatus).toBe('paid');
  });

  it('with the lookup failing too: "verificando", its money held, then found by reconciliation', async () => {
    const { orderId, charge } = await paidOrder('estorno.sem.resposta@exemplo.com');
    asaas.fake.loseNextAnswer(/\/refund$/);
    asaas.fake.answerNext(/\/refunds$/, 503, '{}', 'GET');
    const asked = await refund(orderId, { reason: 'Cliente desistiu' });
    expect(asked.statusCode).toBe(201);
    expect(asked.json().refund.status).toBe('unknown');
    // The whole amount is committed: a second refund cannot be asked meanwhile.
    expect((await refund(orderId, { reason: 'de novo' })).statusCode).toBe(400);
    await settle();
    expect((await listed(orderId))[0]!.status).toBe('refunded');
    expect((await orderRow(orderId)).paymentStatus).toBe('refunded');
    expect(refundPosts(charge.id)).toHaveLength(1);
  });
});

describe('refunds Asaas holds or refuses', () => {
  it('awaiting the owner authorisation in Asaas, then denied by webhook: shown so; the order stays paid', async () => {
    const { orderId, charge } = await paidOrder('estorno.negado@exemplo.com');
    asaas.fake.refundMode = 'awaiting_authorization';
    try {
      const asked = await refund(orderId, { reason: 'Cliente desistiu' });
      expect(asked.json().refund.status).toBe('awaiting_authorisation');
      asaas.fake.denyRefund(charge.id, 'Saldo insuficiente');
      await deliverAsaasEvents(app, asaas.fake, webhookToken);
      expect((await listed(orderId))[0]!.status).toBe('denied');
      expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'paid' });
      // Its money is free again: the operator may ask once more.
      asaas.fake.refundMode = 'done';
      expect((await refund(orderId, { reason: 'Nova tentativa' })).statusCode).toBe(201);
    } finally {
      asaas.fake.refundMode = 'done';
    }
  });

  it('denied with no webhook: reconciliation reads it', async () => {
    const { orderId, charge } = await paidOrder('estorno.negado.sem.aviso@exemplo.com');
    asaas.fake.refundMode = 'pending';
    try {
      await refund(orderId, { amountCents: 1000, reason: 'Parte' });
      asaas.fake.denyRefund(charge.id);
      asaas.fake.events.splice(0); // the webhook never comes
      await settle();
      expect((await listed(orderId))[0]!.status).toBe('denied');
      // Not counted as refunded anywhere (the owner's digest counts confirmed refunds).
      const [row] = await app.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
      expect(row!.confirmedAt).toBeNull();
    } finally {
      asaas.fake.refundMode = 'done';
    }
  });
});
