import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orderAudit, payments, serverSecrets } from '#server/db/schema/index.ts';
import { signOrderToken } from '#server/orders/order-capability.ts';
import { messages } from '#shared/messages.ts';
import { formatPurchaseCode } from '#shared/orders.ts';
import { startFulfilmentTestApp, type FulfilmentTestApp } from '../helpers/fulfilment-app';
import { newKey, orderRequest, testOrderLinkSecret } from '../helpers/order-request';
import { createTestApp } from '../helpers/test-app';

// Issue 24 §2 (ADR 026): the order id alone travels in e-mails, browser history and screenshots, so it
// must not change an order. Writes want the create answer's token, an e-mailed link's token, the
// lookup's token or the purchase code; a link change is audited and e-mailed to the buyer.

let t: FulfilmentTestApp;

beforeAll(async () => {
  // ORDER_LINK_SECRET unset: the secret is made once and kept in the database.
  t = await startFulfilmentTestApp({ ORDER_LINK_SECRET: '' });
});
afterAll(() => t.close());

/** A PIX order waiting for payment, with the create answer's token and its purchase code. */
async function pixOrder(email = 'ana@exemplo.com') {
  const res = await t.app.server.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'idempotency-key': newKey() },
    payload: orderRequest({ email }),
  });
  expect(res.statusCode).toBe(201);
  const body = res.json();
  expect(body.orderToken).toEqual(expect.any(String));
  return {
    id: body.order.id as string,
    token: body.orderToken as string,
    code: body.order.purchaseCode as string,
  };
}

const switchToCard = (orderId: string, headers: Record<string, string> = {}, ip = '198.51.100.7') =>
  t.app.server.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/payments`,
    remoteAddress: ip,
    headers,
    payload: { paymentMethod: 'debit_card', installments: 1 },
  });

// The test clock stands still: two attempts of one order share created_at, and seq orders them.
const paymentsOf = (orderId: string) =>
  t.app.database.db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(payments.createdAt, payments.seq);

/** A paid order whose delivery the panel refused as a bad link: the buyer may give a new one. */
async function invalidLinkDelivery(email: string) {
  t.panel.failNextAdd({ kind: 'bad_link' });
  const orderId = await t.paidOrder({ instagram: '@perfil.fechado', email });
  await t.app.jobs.drain();
  const [delivery] = await t.deliveriesOf(orderId);
  expect(delivery!.state).toBe('invalid_link');
  return { orderId, delivery: delivery! };
}

describe('writes on an order need proof beyond its id', () => {
  it('no proof: switching the method (which retires the live PIX) is refused, nothing changes', async () => {
    const { id } = await pixOrder();
    const before = await paymentsOf(id);
    expect(before.map((p) => [p.method, p.status])).toEqual([['pix', 'pending']]);

    const res = await switchToCard(id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'order_proof_required',
      message: messages.order_proof_required,
    });
    expect(await paymentsOf(id)).toEqual(before);
    expect((await t.orderRow(id)).paymentMethod).toBe('pix');
  });

  it('no proof: a delivery link cannot be redirected; nothing changes and nothing is audited', async () => {
    const { orderId, delivery } = await invalidLinkDelivery('bia@exemplo.com');
    const res = await t.app.server.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/deliveries/${delivery.id}/link`,
      payload: { link: '@ladrao' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('order_proof_required');
    const [after] = await t.deliveriesOf(orderId);
    expect(after).toMatchObject({ state: 'invalid_link', link: delivery.link });
    // Nothing of the buyer's (the order's payment and delivery are in its history already).
    const audit = await t.app.database.db.select().from(orderAudit).where(eq(orderAudit.orderId, orderId));
    expect(audit.filter((a) => a.actor === 'comprador')).toEqual([]);
    const refill = await t.app.server.inject({ method: 'POST', url: `/api/orders/${orderId}/refill` });
    expect(refill.statusCode).toBe(403);
  });

  it("the create answer's token: the method is switched, and a fresh token comes back", async () => {
    const { id, token } = await pixOrder();
    const res = await switchToCard(id, { 'x-order-token': token });
    expect(res.statusCode).toBe(201);
    expect(res.json().orderToken).toEqual(expect.any(String));
    expect((await t.orderRow(id)).paymentMethod).toBe('debit_card');
    expect((await paymentsOf(id))[0]!.status).not.toBe('pending');
  });

  it('the purchase code (as the buyer types it: dashes, lower case) switches the method', async () => {
    const { id, code } = await pixOrder();
    const res = await switchToCard(id, { 'x-purchase-code': formatPurchaseCode(code).toLowerCase() });
    expect(res.statusCode).toBe(201);
    expect((await t.orderRow(id)).paymentMethod).toBe('debit_card');
  });

  it('wrong codes: 403 each, then 429 with Retry-After for that client, even its right code (ADR 041)', async () => {
    const { id, code } = await pixOrder();
    const wrong = code.startsWith('A') ? 'BBBBBBBB' : 'AAAAAAAA';
    for (let i = 0; i < 5; i++) {
      const res = await switchToCard(id, { 'x-purchase-code': wrong }, '198.51.100.20');
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('order_code_wrong');
    }
    const limited = await switchToCard(id, { 'x-purchase-code': wrong }, '198.51.100.20');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'order_code_limited',
      message: messages.order_code_limited,
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The guesser learns nothing from a right code now.
    const right = await switchToCard(id, { 'x-purchase-code': code }, '198.51.100.20');
    expect(right.statusCode).toBe(429);
    expect((await t.orderRow(id)).paymentMethod).toBe('pix');
  });

  it("a forged, an expired or another order's token: 403", async () => {
    const { id } = await pixOrder();
    const other = await pixOrder('outra@exemplo.com');
    const [kept] = await t.app.database.db.select().from(serverSecrets);
    const secret = kept!.value;
    const tokens = {
      forged: signOrderToken(testOrderLinkSecret, id, new Date('2100-01-01T00:00:00Z')),
      expired: signOrderToken(secret, id, new Date(t.now().getTime() - 1000)),
      otherOrder: other.token,
      tampered: `${other.token.split('.')[0]!.replace(/.$/, 'A')}.${other.token.split('.')[1]}`,
      garbage: 'x.y.z',
    };
    for (const [kind, token] of Object.entries(tokens)) {
      const res = await switchToCard(id, { 'x-order-token': token });
      expect([kind, res.statusCode]).toEqual([kind, 403]);
    }
    expect(await paymentsOf(id)).toHaveLength(1);
    expect((await t.orderRow(id)).paymentMethod).toBe('pix');
  });

  it('a link change with proof: sent again, audited old → new, and e-mailed to the buyer', async () => {
    const { orderId, delivery } = await invalidLinkDelivery('caio@exemplo.com');
    const res = await t.app.server.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/deliveries/${delivery.id}/link`,
      headers: { 'x-purchase-code': (await t.orderRow(orderId)).purchaseCode },
      payload: { link: '@perfil.aberto' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().orderToken).toEqual(expect.any(String));
    const audit = await t.app.database.db.select().from(orderAudit).where(eq(orderAudit.orderId, orderId));
    expect(audit.filter((a) => a.actor === 'comprador')).toEqual([
      expect.objectContaining({
        actor: 'comprador',
        oldValue: delivery.link,
        newValue: 'https://www.instagram.com/perfil.aberto/',
      }),
    ]);
    await t.app.jobs.drain();
    const mail = (await t.emailsTo('caio@exemplo.com')).find((e) =>
      e.subject.startsWith('Link da entrega alterado'),
    );
    expect(mail?.text).toContain(`Antes: ${delivery.link}`);
    expect(mail?.text).toContain('Agora: https://www.instagram.com/perfil.aberto/');
    expect(mail?.text).toContain('Se não foi você');
  });

  it("e-mailed links carry '#acesso=', and that token works for a write", async () => {
    const { id } = await pixOrder('dani@exemplo.com');
    t.advance(5_000); // the receipt leaves a second after the order (email-jobs.ts)
    await t.app.jobs.drain();
    const [received] = await t.emailsTo('dani@exemplo.com');
    const match = new RegExp(`/order/${id}#acesso=([A-Za-z0-9_.-]+)`).exec(received!.text);
    expect(match).not.toBeNull();
    expect(received!.html).toContain(`/order/${id}#acesso=`);
    // A week later the e-mailed link still works.
    t.advance(6 * 24 * 3_600_000);
    expect((await switchToCard(id, { 'x-order-token': match![1]! })).statusCode).toBe(201);
  });

  it("the lookup (e-mail + code) answers each order's token, which works for a write", async () => {
    const { id, code } = await pixOrder('edu@exemplo.com');
    const found = await t.app.server.inject({
      method: 'POST',
      url: '/api/orders/lookup',
      payload: { email: 'edu@exemplo.com', code },
    });
    expect(found.statusCode).toBe(200);
    const [order] = found.json().pedidos;
    expect(order.id).toBe(id);
    expect((await switchToCard(id, { 'x-order-token': order.orderToken })).statusCode).toBe(201);
  });

  it('every instance on the database signs with the same kept secret', async () => {
    const { id, token } = await pixOrder('fabi@exemplo.com');
    const second = await createTestApp({ ORDER_LINK_SECRET: '' }, { database: t.app.database, clock: t.now });
    try {
      const res = await second.server.inject({
        method: 'POST',
        url: `/api/orders/${id}/payments`,
        headers: { 'x-order-token': token },
        payload: { paymentMethod: 'debit_card', installments: 1 },
      });
      expect(res.statusCode).toBe(201);
    } finally {
      await second.close();
    }
  });
});
