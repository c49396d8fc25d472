import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { deliveries, orders, outboxEmails, refunds } from '#server/db/schema/index.ts';
import { operatorCookie } from './helpers/accounts';
import { deliverAsaasEvents } from './helpers/asaas-events';
import { startAsaasTestApp, type AsaasTestApp } from './helpers/asaas-test-app';
import { newKey, orderRequest } from './helpers/order-request';
import type { TestApp } from './helpers/test-app';

// Refunds happen at the provider (docs/product.md#refunds, issue 12): the order says reembolsado only when
// the provider confirms; a double click refunds once; a part may be refunded; chargebacks are flagged.

const adminEmail = 'dona@impulso.example';
const webhookToken = 'whsec_refunds_1234567890_0123456789abcdefghij';
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
  const { order } = (
    await app.server.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': newKey() },
      payload: orderRequest({ email }),
    })
  ).json();
  const charge = [...asaas.fake.payments.values()].find((p) => p.externalReference === order.id)!;
  charge.status = 'RECEIVED';
  await webhook('PAYMENT_RECEIVED', charge.id, 'RECEIVED', `evt_paid_${order.id}`);
  return { orderId: order.id as string, charge };
}
const webhook = (event: string, paymentId: string, status: string, id: string) =>
  app.server.inject({
    method: 'POST',
    url: '/api/webhooks/asaas',
    headers: { 'asaas-access-token': webhookToken },
    payload: { id, event, payment: { object: 'payment', id: paymentId, status, value: 85.9 } },
  });
const refund = (orderId: string, body: object, key = newKey()) =>
  app.server.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refunds`,
    headers: { cookie, 'idempotency-key': key },
    payload: body,
  });
const orderRow = async (id: string) =>
  (await app.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const refundRows = (id: string) => app.database.db.select().from(refunds).where(eq(refunds.orderId, id));
const mails = async (to: string) =>
  (await app.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, to))).map((m) => m.subject);

describe('refunds', () => {
  it('the order becomes reembolsado only when Asaas confirms; unsent deliveries are cancelled; the buyer told', async () => {
    asaas.fake.refundsPending = true;
    try {
      const { orderId, charge } = await paidOrder('reembolso@exemplo.com');
      const asked = await refund(orderId, { reason: 'Cliente desistiu' });
      expect(asked.statusCode).toBe(201);
      expect(asked.json().refund).toMatchObject({ status: 'pending', amountCents: 8590, full: true });
      expect(refundCalls(charge.id)).toHaveLength(1);
      expect((await orderRow(orderId)).paymentStatus).toBe('paid');

      charge.status = 'REFUNDED';
      await webhook('PAYMENT_REFUNDED', charge.id, 'REFUNDED', `evt_refunded_${orderId}`);
      expect((await orderRow(orderId)).paymentStatus).toBe('refunded');
      expect((await refundRows(orderId))[0]).toMatchObject({ status: 'refunded' });
      const rows = await app.database.db.select().from(deliveries).where(eq(deliveries.orderId, orderId));
      expect(rows.every((d) => d.state === 'canceled')).toBe(true);
      await app.jobs.drain();
      expect(
        (await mails('reembolso@exemplo.com')).filter((s) => s.startsWith('Reembolso do pedido')),
      ).toHaveLength(1);
    } finally {
      asaas.fake.refundsPending = false;
    }
  });

  it('reconciliation confirms a refund whose webhook never came', async () => {
    asaas.fake.refundsPending = true;
    try {
      const { orderId, charge } = await paidOrder('sem.webhook@exemplo.com');
      await refund(orderId, { reason: 'Duplicado' });
      charge.status = 'REFUNDED';
      await app.reconciler.runOnce();
      expect((await orderRow(orderId)).paymentStatus).toBe('refunded');
    } finally {
      asaas.fake.refundsPending = false;
    }
  });

  it('two clicks with the same Idempotency-Key refund once', async () => {
    const { orderId, charge } = await paidOrder('duplo.clique@exemplo.com');
    const key = newKey();
    const [a, b] = await Promise.all([
      refund(orderId, { reason: 'x' }, key),
      refund(orderId, { reason: 'x' }, key),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 201].sort());
    expect(refundCalls(charge.id)).toHaveLength(1);
    expect(await refundRows(orderId)).toHaveLength(1);
  });

  it('a part: asked in centavos, confirmed by PAYMENT_PARTIALLY_REFUNDED, the order stays paid', async () => {
    const { orderId, charge } = await paidOrder('parcial@exemplo.com');
    const asked = await refund(orderId, { amountCents: 2000, reason: 'Entrega parcial' });
    expect(asked.statusCode).toBe(201);
    const call = asaas.fake.requests.filter((r) => r.path === `/v3/payments/${charge.id}/refund`).at(-1)!;
    expect(call.body).toEqual({ value: 20, description: expect.stringMatching(/^Reembolso /) });
    await webhook('PAYMENT_PARTIALLY_REFUNDED', charge.id, 'RECEIVED', `evt_part_${orderId}`);
    expect((await refundRows(orderId))[0]).toMatchObject({
      status: 'refunded',
      full: false,
      amountCents: 2000,
    });
    expect((await orderRow(orderId)).paymentStatus).toBe('paid');
    // More than what is left is refused with the pt-BR message.
    const tooMuch = await refund(orderId, { amountCents: 8000, reason: 'x' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe('Informe um valor entre R$ 0,01 e o valor ainda não reembolsado.');
  });

  it('refuses an unpaid order, a missing reason or key', async () => {
    const { order } = (
      await app.server.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { 'idempotency-key': newKey() },
        payload: orderRequest(),
      })
    ).json();
    expect((await refund(order.id, { reason: 'x' })).statusCode).toBe(409);
    const { orderId } = await paidOrder('sem.motivo@exemplo.com');
    expect((await refund(orderId, { reason: ' ' })).json().message).toBe('Informe o motivo do reembolso.');
    const noKey = await app.server.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/refunds`,
      headers: { cookie },
      payload: { reason: 'x' },
    });
    expect(noKey.statusCode).toBe(400);
  });

  it('a PIX Asaas will not refund for lack of balance: its words to the operator, nothing refunded', async () => {
    // Asaas keeps its fee on the PIX received: a whole refund needs the balance topped up first
    // (docs.asaas.com 'Estornar cobrança').
    asaas.fake.account.pixFee = 1.99;
    const given = asaas.fake.account.balance;
    try {
      const { orderId, charge } = await paidOrder('sem.saldo@exemplo.com');
      // The account holds only this sale, less the fee: the other tests' sales are taken out.
      const { balance } = (await (
        await fetch(`${asaas.fake.url}/finance/balance`, { headers: { access_token: asaas.fake.apiKey } })
      ).json()) as { balance: number };
      asaas.fake.account.balance -= Math.round((balance - (charge.value - 1.99)) * 100) / 100;
      const refused = await refund(orderId, { reason: 'Cliente desistiu' });
      expect(refused.statusCode).toBe(502);
      expect(refused.json().message).toBe(
        'O intermediador recusou o reembolso: Saldo insuficiente para realizar o estorno. Adicione saldo à conta.',
      );
      expect(await refundRows(orderId)).toMatchObject([
        { status: 'failed', lastError: expect.stringContaining('Saldo insuficiente') },
      ]);
      expect((await orderRow(orderId)).paymentStatus).toBe('paid');
      expect(charge.refunds).toBeUndefined();
      // The owner adds balance in Asaas; asked again, the refund goes through.
      asaas.fake.account.balance += 1.99;
      expect((await refund(orderId, { reason: 'Cliente desistiu' })).statusCode).toBe(201);
      expect(charge.refunds).toHaveLength(1);
    } finally {
      asaas.fake.account.pixFee = 0;
      asaas.fake.account.balance = given;
    }
  });

  it('a chargeback flags the order and alerts the owner once', async () => {
    const { orderId, charge } = await paidOrder('contesta@exemplo.com');
    asaas.fake.events.length = 0;
    asaas.fake.chargeback(charge.id);
    const sent = await deliverAsaasEvents(app, asaas.fake, webhookToken);
    expect(sent.map((e) => e.event)).toEqual(['PAYMENT_CHARGEBACK_REQUESTED', 'PAYMENT_CHARGEBACK_DISPUTE']);
    expect((await orderRow(orderId)).paymentFlag).toBe('chargeback');
    expect((await mails(adminEmail)).filter((s) => s.includes('chargeback'))).toHaveLength(1);
  });
});

function refundCalls(chargeId: string) {
  return asaas.fake.requests.filter(
    (r) => r.method === 'POST' && r.path === `/v3/payments/${chargeId}/refund`,
  );
}
