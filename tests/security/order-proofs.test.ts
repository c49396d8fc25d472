import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, outboxEmails, payments, users } from '#server/db/schema/index.ts';
import { formatPurchaseCode } from '#shared/orders.ts';
import { startFulfilmentTestApp, type FulfilmentTestApp } from '../helpers/fulfilment-app';
import { cookiesOf } from '../helpers/cookies';
import { signupBody } from '../helpers/accounts';
import { newKey, orderRequest } from '../helpers/order-request';

// Issue 42 (ADR 041), each attack of the review replayed: the order id alone yielded the purchase code
// (GET /api/orders/{id}), which proved every write; and strangers' failures, counted per order or
// e-mail before any proof, locked buyers out of their own orders. The shipped limits, not the relaxed ones.

const shippedLimits = {
  ORDER_WRITES_PER_ORDER: '20',
  ORDER_WRITES_PER_IP: '60',
  ORDER_CODES_PER_ORDER: '5',
  ORDER_CODES_PER_IP: '20',
  LOOKUP_LIMIT_PER_IP: '30',
  LOOKUP_LIMIT_PER_EMAIL: '10',
};

let t: FulfilmentTestApp;
beforeAll(async () => {
  t = await startFulfilmentTestApp(shippedLimits);
});
afterAll(() => t.close());

const buyerIp = '198.51.100.10';

async function pixOrder(email: string, cookie?: string) {
  const res = await t.app.server.inject({
    method: 'POST',
    url: '/api/orders',
    remoteAddress: buyerIp,
    headers: { 'idempotency-key': newKey(), ...(cookie ? { cookie } : {}) },
    payload: orderRequest({ email }),
  });
  expect(res.statusCode).toBe(201);
  const body = res.json();
  const row = (await t.app.database.db.select().from(orders).where(eq(orders.id, body.order.id)))[0]!;
  return { id: body.order.id as string, token: body.orderToken as string, code: row.purchaseCode };
}

const read = (orderId: string, headers: Record<string, string> = {}) =>
  t.app.server.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers });

const write = (
  orderId: string,
  path: string,
  headers: Record<string, string>,
  ip: string,
  payload: object = {},
) =>
  t.app.server.inject({
    method: 'POST',
    url: `/api/orders/${orderId}${path}`,
    remoteAddress: ip,
    headers,
    payload,
  });

const switchToCard = (orderId: string, headers: Record<string, string>, ip = buyerIp) =>
  write(orderId, '/payments', headers, ip, { paymentMethod: 'debit_card', installments: 1 });

describe('the order id alone yields no proof and nothing personal', () => {
  it('GET /api/orders/{id} without proof: status and amounts, no code, token, PIX, charge id or contact', async () => {
    const { id, code } = await pixOrder('ana.prova@exemplo.com');
    const res = await read(id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.proved).toBe(false);
    expect(body.order).toMatchObject({ id, purchaseCode: null, status: 'pendente', totalCents: 8590 });
    expect(body.order.email).toBe('a***@exemplo.com');
    expect(body.orderToken).toBeUndefined();
    expect(body.payment).toMatchObject({
      id: null,
      pixPayload: null,
      pixImageBase64: null,
      checkoutUrl: null,
      status: 'pending',
    });
    // Grep the whole answer for whatever proves the order or names the buyer.
    for (const secret of [
      code,
      formatPurchaseCode(code),
      '52998224725',
      '529.982.247-25',
      'ana.prova@',
      '12345678',
    ])
      expect(res.body, secret).not.toContain(secret);
    expect(body.order.transactionId).toMatch(/^[A-Za-z0-9_-]{20}$/);
  });

  it("with the tab's token: the code, the PIX and a fresh token", async () => {
    const { id, token, code } = await pixOrder('bia.prova@exemplo.com');
    const body = (await read(id, { 'x-order-token': token })).json();
    expect(body.proved).toBe(true);
    expect(body.order.purchaseCode).toBe(formatPurchaseCode(code));
    expect(body.payment.pixPayload).toMatch(/^000201/);
    expect(body.payment.id).toEqual(expect.any(String));
    expect(body.orderToken).toEqual(expect.any(String));
  });

  it("an account's order: the same stranger's view without its session, everything with it", async () => {
    const signup = await t.app.server.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: signupBody('caio.conta@exemplo.com'),
    });
    const cookie = cookiesOf(signup);
    const { id } = await pixOrder('caio.conta@exemplo.com', cookie);
    expect((await read(id)).json()).toMatchObject({ proved: false, order: { purchaseCode: null } });
    const mine = (await read(id, { cookie })).json();
    expect(mine.proved).toBe(true);
    expect(mine.bySession).toBe(true); // its writes ask for no code (issue 45 §6)
    expect(mine.order.purchaseCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    // Still masked until the account's e-mail is verified; then the owner reads it whole (issue 45 §6).
    expect(mine.order.email).toBe('c***@exemplo.com');
    await t.app.database.db
      .update(users)
      .set({ emailVerifiedAt: t.now() })
      .where(eq(users.email, 'caio.conta@exemplo.com'));
    const owner = (await read(id, { cookie })).json();
    expect(owner.order).toMatchObject({ email: 'caio.conta@exemplo.com', whatsapp: '(11) 9 1234-5678' });
    const stranger = (await read(id)).json();
    expect(stranger.order.email).toBe('c***@exemplo.com');
    expect(stranger.bySession).toBe(false);
  });

  it('what the stranger read proves no write: pay again, redirect a delivery, refill, invoice links', async () => {
    const { id } = await pixOrder('dani.prova@exemplo.com');
    const seen = (await read(id)).json();
    // The review's replay: the answer's purchase code as X-Purchase-Code. There is none to send.
    const headers: Record<string, string> = seen.order.purchaseCode
      ? { 'x-purchase-code': seen.order.purchaseCode }
      : {};
    const before = await t.app.database.db.select().from(payments).where(eq(payments.orderId, id));
    const attempts = [
      await switchToCard(id, headers, '203.0.113.9'),
      await write(id, '/deliveries/00000000-0000-4000-8000-000000000000/link', headers, '203.0.113.9', {
        link: '@ladrao',
      }),
      await write(id, '/refill', headers, '203.0.113.9'),
      await write(id, '/invoice', headers, '203.0.113.9'),
      await write(id, '/invoice/links', headers, '203.0.113.9'),
      await write(id, '/access', headers, '203.0.113.9'),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('order_proof_required');
      expect(res.json().orderToken).toBeUndefined();
    }
    expect(await t.app.database.db.select().from(payments).where(eq(payments.orderId, id))).toEqual(before);
  });

  it('the typed code unlocks the page for the tab: a token, then the full order', async () => {
    const { id, code } = await pixOrder('edu.prova@exemplo.com');
    const unlocked = await write(
      id,
      '/access',
      { 'x-purchase-code': formatPurchaseCode(code).toLowerCase() },
      buyerIp,
    );
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.headers['cache-control']).toBe('no-store');
    const { orderToken } = unlocked.json();
    expect((await read(id, { 'x-order-token': orderToken })).json().order.purchaseCode).toBe(
      formatPurchaseCode(code),
    );
  });
});

describe("a valid proof is never refused because of someone else's failures", () => {
  it('20 unproved writes from strangers: the buyer still pays again with the tab token', async () => {
    const { id, token } = await pixOrder('fabi.trava@exemplo.com');
    for (let i = 0; i < 25; i++) {
      const res = await switchToCard(id, {}, `203.0.113.${(i % 5) + 20}`);
      expect([403, 429]).toContain(res.statusCode);
    }
    expect((await switchToCard(id, { 'x-order-token': token })).statusCode).toBe(201);
  });

  it("5 wrong codes from a stranger: the buyer's right code from their own device still works", async () => {
    const { id, code } = await pixOrder('gabi.trava@exemplo.com');
    const wrong = code.startsWith('A') ? 'BBBBBBBB' : 'AAAAAAAA';
    for (let i = 0; i < 6; i++) await switchToCard(id, { 'x-purchase-code': wrong }, '203.0.113.40');
    expect((await switchToCard(id, { 'x-purchase-code': wrong }, '203.0.113.40')).statusCode).toBe(429);
    expect((await switchToCard(id, { 'x-purchase-code': code })).statusCode).toBe(201);
  });

  it('one address hammering three orders blocks none of their buyers', async () => {
    const bought = [
      await pixOrder('h1.trava@exemplo.com'),
      await pixOrder('h2.trava@exemplo.com'),
      await pixOrder('h3.trava@exemplo.com'),
    ];
    for (let round = 0; round < 10; round++)
      for (const { id } of bought) {
        await switchToCard(id, {}, '203.0.113.60');
        await switchToCard(id, { 'x-purchase-code': 'ZZZZ-ZZZZ' }, '203.0.113.60');
      }
    for (const { id, token } of bought)
      expect((await switchToCard(id, { 'x-order-token': token })).statusCode).toBe(201);
  });

  it("10 bad lookups with the buyer's e-mail: the buyer's own lookup still answers", async () => {
    const { code } = await pixOrder('ivo.trava@exemplo.com');
    const lookup = (ip: string, guess: string) =>
      t.app.server.inject({
        method: 'POST',
        url: '/api/orders/lookup',
        remoteAddress: ip,
        payload: { email: 'ivo.trava@exemplo.com', code: guess },
      });
    for (let i = 0; i < 12; i++) await lookup('203.0.113.70', 'AAAA-AAAA');
    expect((await lookup('203.0.113.70', 'AAAA-AAAA')).statusCode).toBe(429);
    expect((await lookup(buyerIp, code)).statusCode).toBe(200);
  });
});

describe('guessing a code stays infeasible', () => {
  it('one client: 5 wrong codes per order, 20 across orders, then 429 even for a right code', async () => {
    const ip = '203.0.113.80';
    const targets = await Promise.all([0, 1, 2, 3, 4].map((i) => pixOrder(`j${i}.adivinha@exemplo.com`)));
    const statuses: number[] = [];
    for (const { id } of targets.slice(0, 4))
      for (let i = 0; i < 5; i++)
        statuses.push((await switchToCard(id, { 'x-purchase-code': 'ZZZZ-ZZZZ' }, ip)).statusCode);
    expect(statuses).toEqual(Array(20).fill(403));
    const fifth = targets[4]!;
    expect((await switchToCard(fifth.id, { 'x-purchase-code': fifth.code }, ip)).statusCode).toBe(429);
  });

  it("an IPv6 client is its /64: new addresses in the same network share the client's count", async () => {
    const targets = await Promise.all([0, 1, 2, 3, 4].map((i) => pixOrder(`leo${i}.v6@exemplo.com`)));
    const statuses: number[] = [];
    let n = 0;
    for (const { id } of targets)
      for (let i = 0; i < 4; i++) {
        n++;
        const ip = `2001:db8:42:7:${n.toString(16)}::1`;
        statuses.push((await switchToCard(id, { 'x-purchase-code': 'ZZZZ-ZZZZ' }, ip)).statusCode);
      }
    expect(statuses).toEqual([...Array(20).fill(403)]);
    const next = await switchToCard(
      targets[0]!.id,
      { 'x-purchase-code': 'ZZZZ-ZZZZ' },
      '2001:db8:42:7:ffff::9',
    );
    expect(next.statusCode).toBe(429);
  });

  it('20 wrong codes on one order from many clients reach the owner, and nobody is locked out', async () => {
    const { id, code, token } = await pixOrder('meg.flood@exemplo.com');
    for (let i = 0; i < 20; i++)
      await switchToCard(id, { 'x-purchase-code': 'ZZZZ-ZZZZ' }, `192.0.2.${i + 100}`);
    await t.app.jobs.drain();
    const alerts = await t.app.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.to, 'dona@impulso.example'));
    const alert = alerts.find((a) => a.subject.includes('códigos de compra errados'));
    expect(alert?.text).toContain(formatPurchaseCode(code));
    expect((await switchToCard(id, { 'x-order-token': token })).statusCode).toBe(201);
  });
});

describe('the sandbox shortcuts act on an order like its writes', () => {
  it('deadline and deliver: 403 with the id alone, done with the token', async () => {
    const { id, token } = await pixOrder('nina.sandbox@exemplo.com');
    const [payment] = await t.app.database.db.select().from(payments).where(eq(payments.orderId, id));
    const deadline = (headers: Record<string, string>) =>
      t.app.server.inject({ method: 'POST', url: `/api/sandbox/payments/${payment!.id}/deadline`, headers });
    expect((await deadline({})).statusCode).toBe(403);
    expect(
      (await t.app.database.db.select().from(payments).where(eq(payments.id, payment!.id)))[0]!.expiresAt,
    ).toEqual(payment!.expiresAt);
    expect((await deadline({ 'x-order-token': token })).statusCode).toBe(200);
  });
});
