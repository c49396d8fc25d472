import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, payments } from '#server/db/schema/index.ts';
import { startAsaasTestApp, type AsaasTestApp } from './helpers/asaas-test-app';
import { newKey, orderRequest, orderProof } from './helpers/order-request';
import type { TestApp } from './helpers/test-app';

// Paying again (issue 12): one live charge per order — a new attempt removes the open one at the
// provider first; an order cancelled because its PIX expired is reopened by paying.

let now = Date.parse('2026-11-23T15:00:00Z');
const clock = () => new Date(now);
let asaas: AsaasTestApp;
let app: TestApp;
beforeAll(async () => {
  asaas = await startAsaasTestApp(
    'whsec_pay_again_1234567890_0123456789abcdefghij',
    { PIX_EXPIRY_MINUTES: '30' },
    { clock },
  );
  app = asaas.app;
});
afterAll(() => asaas.close());

async function pixOrder(email: string) {
  const res = await app.server.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'idempotency-key': newKey() },
    payload: orderRequest({ email }),
  });
  return res.json() as { order: { id: string }; payment: { id: string } };
}
const payAgain = (orderId: string) =>
  app.server.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/payments`,
    headers: orderProof(orderId),
    payload: { paymentMethod: 'pix', installments: 1 },
  });
const chargesOf = (orderId: string) =>
  [...asaas.fake.payments.values()].filter((p) => p.externalReference === orderId);
const paymentRows = (orderId: string) =>
  app.database.db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(payments.createdAt, payments.seq);

describe('pay again', () => {
  it('removes the open charge at Asaas before the new one: one live charge per order', async () => {
    const { order } = await pixOrder('de.novo@exemplo.com');
    expect((await app.server.inject({ url: `/api/orders/${order.id}` })).json().payable).toBe(true);
    const again = await payAgain(order.id);
    expect(again.statusCode).toBe(201);
    expect(again.json().next).toBe('pix');
    const live = chargesOf(order.id).filter((c) => !c.deleted && c.status === 'PENDING');
    expect(chargesOf(order.id)).toHaveLength(2);
    expect(live).toHaveLength(1);
    expect((await paymentRows(order.id)).map((p) => p.status)).toEqual(['replaced', 'pending']);
  });

  it('an order whose PIX expired is reopened by paying', async () => {
    const { order } = await pixOrder('reabre@exemplo.com');
    now += 31 * 60_000;
    await app.jobs.drain();
    expect((await app.database.db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({
      status: 'cancelado',
      cancelReason: 'expired',
    });
    expect((await app.server.inject({ url: `/api/orders/${order.id}` })).json().payable).toBe(true);
    expect((await payAgain(order.id)).statusCode).toBe(201);
    expect((await app.database.db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({
      status: 'pendente',
      cancelReason: null,
    });
  });

  it('a charge paid in the meantime is recorded, and no new one is made', async () => {
    const { order } = await pixOrder('ja.pagou@exemplo.com');
    chargesOf(order.id)[0]!.status = 'RECEIVED';
    const again = await payAgain(order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Este pedido já está pago.');
    expect(chargesOf(order.id)).toHaveLength(1);
    expect(
      (await app.database.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.paymentStatus,
    ).toBe('paid');
  });

  it('an order cancelled by the operator cannot be paid from its page', async () => {
    const { order } = await pixOrder('cancelada@exemplo.com');
    await app.database.db.update(orders).set({ status: 'cancelado' }).where(eq(orders.id, order.id));
    expect((await app.server.inject({ url: `/api/orders/${order.id}` })).json().payable).toBe(false);
    expect((await payAgain(order.id)).statusCode).toBe(409);
  });

  it('an attempt a crash left creating: its answer counts as lost; a PIX one made at Asaas is removed and the order can be paid; a card one is looked up', async () => {
    const pix = (await pixOrder('caiu.no.pix@exemplo.com')).order;
    const card = (await pixOrder('caiu.no.cartao@exemplo.com')).order;
    // What a kill -9 during the provider call leaves behind: the charge exists at Asaas, we never
    // learnt its id.
    await app.database.db
      .update(payments)
      .set({ status: 'creating', providerPaymentId: 'attempt_caiu_no_pix' })
      .where(eq(payments.orderId, pix.id));
    await app.database.db
      .update(payments)
      .set({ status: 'creating', method: 'credit_card' })
      .where(eq(payments.orderId, card.id));
    expect((await app.server.inject({ url: `/api/orders/${pix.id}` })).json().payable).toBe(false);
    await app.reconciler.runOnce();
    expect((await paymentRows(pix.id))[0]!.status).toBe('creating'); // a live request may still hold it

    now += 6 * 60_000;
    await app.reconciler.runOnce();
    expect((await paymentRows(pix.id))[0]!.status).toBe('failed');
    expect(chargesOf(pix.id).map((c) => c.deleted)).toEqual([true]);
    expect((await paymentRows(card.id))[0]!.status).toBe('unknown');
    expect((await app.server.inject({ url: `/api/orders/${pix.id}` })).json().payable).toBe(true);
    expect((await payAgain(pix.id)).statusCode).toBe(201);
  });
});
