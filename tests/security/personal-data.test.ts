import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf } from '#server/db/rows.ts';
import { leads, orders, outboxEmails, payments, refunds, users } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { sessionCookieOf } from '../helpers/cookies';
import { lastEmailTo, operatorCookie, signupBody, tokenIn } from '../helpers/accounts';
import { newKey, orderRequest } from '../helpers/order-request';

// Issue 24 §1, §6, §13, §15, §16: what an account can read or erase is what it proved it owns.
let app: TestApp;
let now = Date.parse('2026-11-25T12:00:00Z');
beforeAll(async () => {
  app = await createTestApp(
    {
      ADMIN_EMAIL: 'dona@loja.example',
      OWNER_ALERT_EMAIL: 'alertas@loja.example',
      SHOP_SUPPORT_EMAIL: 'suporte@loja.example',
      LOGIN_LIMIT_PER_ACCOUNT_IP: '10',
    },
    { clock: () => new Date(now) },
  );
});

/** Receipts leave for orders at least a second old: the clock moves past that, then the queue runs. */
async function receiptOf(email: string) {
  now += 2_000;
  const receipt = await lastEmailTo(app, email, 'Pedido');
  expect(receipt).toBeDefined();
  return receipt!;
}
afterAll(() => app.close());

const post = (url: string, payload: object, cookie?: string) =>
  app.server.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
const get = (url: string, cookie: string) => app.server.inject({ method: 'GET', url, headers: { cookie } });

/** A guest buyer's order, its receipt e-mailed, and a lead left before it. */
async function guestBuyer(email: string, extra: Record<string, unknown> = {}) {
  await app.database.db.insert(leads).values({
    email,
    instagram: 'compradora.real',
    product: 'followers',
    amount: 1000,
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  const res = await app.server.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'idempotency-key': newKey() },
    payload: orderRequest({ email, ...extra }),
  });
  expect(res.statusCode).toBe(201);
  await receiptOf(email);
  return res.json().order as { id: string; purchaseCode: string };
}

describe('§1 an unverified account owns nothing keyed by its e-mail', () => {
  it('the export of an account signed up with a buyer’s address holds none of the buyer’s data', async () => {
    const email = 'guest-buyer@exemplo.com';
    const order = await guestBuyer(email);
    const attacker = sessionCookieOf(await post('/api/auth/signup', signupBody(email, 'do-atacante-1')));
    const exported = await get('/api/account/data', attacker);
    expect(exported.statusCode).toBe(200);
    const data = exported.json();
    expect(data).toMatchObject({ orders: [], leads: [], couponUses: [], emailsSent: [] });
    const text = exported.body;
    const verifyToken = tokenIn((await lastEmailTo(app, email, 'Confirme'))!.text, '/verificar-email');
    for (const secret of [order.id, order.purchaseCode, '52998224725', verifyToken, 'compradora.real'])
      expect(text).not.toContain(secret);
    expect((await get('/api/account/orders', attacker)).json().orders).toEqual([]);
  });

  it('erasing that account leaves the buyer’s orders, lead and e-mails alone', async () => {
    const email = 'guest-erase@exemplo.com';
    const order = await guestBuyer(email);
    const attacker = sessionCookieOf(await post('/api/auth/signup', signupBody(email, 'do-atacante-1')));
    const erased = await post('/api/account/delete', { password: 'do-atacante-1' }, attacker);
    expect(erased.statusCode).toBe(200);
    const db = app.database.db;
    const [kept] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ email, cpf: '52998224725', anonymisedAt: null });
    expect(await db.select().from(leads).where(eq(leads.email, email))).toHaveLength(1);
    const mails = await db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    expect(mails.some((m) => m.subject.startsWith('Pedido'))).toBe(true);
  });

  it('once the address is verified in the account’s own session, the guest orders are its own', async () => {
    const email = 'verified-owner@exemplo.com';
    const order = await guestBuyer(email);
    const owner = sessionCookieOf(await post('/api/auth/signup', signupBody(email)));
    const token = tokenIn((await lastEmailTo(app, email, 'Confirme'))!.text, '/verificar-email');
    expect((await post('/api/auth/verify-email', { token }, owner)).statusCode).toBe(200);
    const exported = await get('/api/account/data', owner);
    expect(exported.json().orders.map((o: { id: string }) => o.id)).toEqual([order.id]);
    expect(exported.json().leads).toHaveLength(1);
    // The copies are listed, but no link in them works: the verification token is scrubbed.
    expect(exported.json().emailsSent.length).toBeGreaterThan(0);
    expect(exported.body).not.toContain(token);
    expect(exported.body).toContain('token=[removido]');
  });

  it.each(['alertas@loja.example', 'suporte@loja.example', 'dona@loja.example'])(
    'the shop’s own address %s cannot be registered, answered like any signup',
    async (address) => {
      const signup = await post('/api/auth/signup', signupBody(address, 'do-atacante-1'));
      expect(signup.statusCode).toBe(201);
      expect(signup.json().user).toMatchObject({ email: address, emailVerified: false });
      const cookie = sessionCookieOf(signup);
      expect((await get('/api/auth/me', cookie)).json().user).toMatchObject({ email: address });
      const exported = (await get('/api/account/data', cookie)).json();
      expect(exported.emailsSent).toEqual([]);
      const customer = await app.database.db.select().from(users).where(eq(users.email, address));
      expect(customer.filter((u) => u.role === 'customer')).toEqual([]);
    },
  );
});

describe('§16 a taken address gets a stand-in indistinguishable from a new account', () => {
  it('me, orders, a new order, sign-out and sign-in, resend and erasure all answer as for a new account', async () => {
    const taken = 'ja-tem-conta@exemplo.com';
    const owner = sessionCookieOf(await post('/api/auth/signup', signupBody(taken, 'da-dona-123')));
    const fresh = sessionCookieOf(await post('/api/auth/signup', signupBody('nova-conta@exemplo.com')));
    const standIn = sessionCookieOf(await post('/api/auth/signup', signupBody(taken, 'do-atacante-1')));

    const shapeOf = async (cookie: string) => {
      const me = await get('/api/auth/me', cookie);
      const list = await get('/api/account/orders', cookie);
      const resend = await post('/api/auth/verify-email/resend', {}, cookie);
      return {
        me: [me.statusCode, Object.keys(me.json().user).sort(), me.json().user.emailVerified],
        list: [list.statusCode, list.json().orders.length],
        resend: resend.statusCode,
      };
    };
    expect(await shapeOf(standIn)).toEqual(await shapeOf(fresh));

    const placed = await app.server.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': newKey(), cookie: standIn },
      payload: orderRequest({ email: taken }),
    });
    expect(placed.statusCode).toBe(201);
    const mine = (await get('/api/account/orders', standIn)).json().orders;
    expect(mine.map((o: { id: string }) => o.id)).toEqual([placed.json().order.id]);
    // The real account never sees the stand-in's order until it verifies its address.
    expect((await get('/api/account/orders', owner)).json().orders).toEqual([]);

    await post('/api/auth/logout', {}, standIn);
    expect((await get('/api/auth/me', standIn)).statusCode).toBe(401);
    const again = await post('/api/auth/login', { email: taken, password: 'do-atacante-1' });
    expect(again.statusCode).toBe(200);
    const back = sessionCookieOf(again);
    expect((await get('/api/account/orders', back)).json().orders).toHaveLength(1);

    expect((await post('/api/account/delete', { password: 'do-atacante-1' }, back)).statusCode).toBe(200);
    expect((await post('/api/auth/login', { email: taken, password: 'do-atacante-1' })).statusCode).toBe(401);
    // The real account is untouched.
    const ownerAgain = await post('/api/auth/login', { email: taken, password: 'da-dona-123' });
    expect(ownerAgain.statusCode).toBe(200);
    expect((await get('/api/auth/me', owner)).statusCode).toBe(200);
  });
});

describe('§6 deleting the account is throttled like a sign-in', () => {
  it('wrong passwords past the sign-in limit get the 429, even the right one', async () => {
    const cookie = sessionCookieOf(await post('/api/auth/signup', signupBody('apagar@exemplo.com')));
    const answers: number[] = [];
    for (let i = 0; i < 11; i++)
      answers.push((await post('/api/account/delete', { password: `errada-${i}` }, cookie)).statusCode);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(400));
    const right = await post('/api/account/delete', { password: 'segredo123' }, cookie);
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(
      'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.',
    );
    expect((await get('/api/auth/me', cookie)).statusCode).toBe(200);
  });
});

describe('§15 the export is the buyer’s view of an order', () => {
  it('carries no supplier cost, supplier ids, internal keys or operator notes', async () => {
    const email = 'vista-compradora@exemplo.com';
    const cookie = sessionCookieOf(await post('/api/auth/signup', signupBody(email)));
    const placed = await app.server.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': newKey(), cookie },
      payload: orderRequest({ email }),
    });
    const id = placed.json().order.id;
    await app.database.db
      .update(orders)
      .set({ note: 'cliente chato', paymentFlag: 'pago_apos_expiracao' })
      .where(eq(orders.id, id));
    await app.database.db.execute(sql`
      insert into deliveries (order_id, item_key, product, link, quantity, state, due_at, service_id, panel_order_id, charge, currency)
      values (${id}, 'main', 'followers', 'https://instagram.com/x', 1000, 'submitted', now(), '4711', 'painel-998877', '12.3456', 'USD')`);
    const data = (await get('/api/account/data', cookie)).json();
    expect(data.orders).toHaveLength(1);
    for (const key of ['note', 'paymentFlag', 'requestHash', 'idempotencyKey', 'chargeLockId', 'userId'])
      expect(data.orders[0]).not.toHaveProperty(key);
    expect(data.deliveries).toHaveLength(1);
    for (const key of ['serviceId', 'panelOrderId', 'charge', 'currency', 'lastError'])
      expect(data.deliveries[0]).not.toHaveProperty(key);
    const text = JSON.stringify(data);
    for (const secret of ['painel-998877', '12.3456', 'cliente chato', '4711'])
      expect(text).not.toContain(secret);
  });
});

describe('§13 erasure leaves the buyer nowhere', () => {
  it('no text column of any table names the buyer after the account is deleted', async () => {
    const email = 'beatriz.quintela@exemplo.com';
    const buyer = {
      email,
      name: 'Beatriz Quintela',
      whatsapp: '(11) 97654-3210',
      cpf: '111.444.777-35',
      instagram: 'beatriz.quintela',
    };
    const cookie = sessionCookieOf(
      await post('/api/auth/signup', signupBody(email, 'segredo123', buyer.name)),
    );
    const token = tokenIn((await lastEmailTo(app, email, 'Confirme'))!.text, '/verificar-email');
    await post('/api/auth/verify-email', { token }, cookie);
    const placed = await app.server.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': newKey(), cookie },
      payload: orderRequest(buyer),
    });
    const order = placed.json().order as { id: string };
    const admin = await operatorCookie(app, 'dona@loja.example');
    const noted = await app.server.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${order.id}`,
      headers: { cookie: admin },
      payload: { note: 'Beatriz Quintela ligou do 11976543210 pedindo pressa' },
    });
    expect(noted.statusCode).toBe(200);
    const [payment] = await app.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    await app.database.db.insert(refunds).values({
      orderId: order.id,
      paymentId: payment!.id,
      amountCents: 100,
      full: false,
      reason: 'Beatriz Quintela pediu pelo WhatsApp 11976543210',
      idempotencyKey: newKey(),
      status: 'refunded',
      actor: 'dona@loja.example',
      createdAt: new Date(now),
    });
    await receiptOf(email);

    expect((await post('/api/account/delete', { password: 'segredo123' }, cookie)).statusCode).toBe(200);
    await app.jobs.drain();

    const needles = ['Beatriz', 'Quintela', 'quintela', '97654', '76543210', '11144477735', '111.444.777'];
    const columns = rowsOf(
      z.object({ table_name: z.string(), column_name: z.string() }),
      await app.database.db.execute(sql`
        select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'jsonb', 'json', 'character varying')`),
    );
    const found: string[] = [];
    for (const { table_name: table, column_name: column } of columns) {
      const hits = rowsOf(
        z.object({ n: z.number() }),
        await app.database.db.execute(
          sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.join(
            needles.map((n) => sql`position(${n} in ${sql.identifier(column)}::text) > 0`),
            sql` or `,
          )}`,
        ),
      );
      if (hits[0]!.n > 0) found.push(`${table}.${column}`);
    }
    expect(found).toEqual([]);
  });
});
