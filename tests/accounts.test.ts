import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { outboxEmails } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/test-app';
import { sessionCookieOf } from './helpers/cookies';
import { lastEmailTo as lastEmailToIn, tokenIn } from './helpers/accounts';
import { newKey, orderRequest } from './helpers/order-request';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const post = (url: string, payload: unknown, cookie?: string, remoteAddress = '192.0.2.50') =>
  app.server.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress,
    headers: cookie ? { cookie } : {},
  });
const get = (url: string, cookie?: string) =>
  app.server.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

const signup = (email: string, password = 'segredo123') =>
  post('/api/auth/signup', { name: 'Joana Lima', email, password, confirmPassword: password });

const lastEmailTo = (to: string, subject: string) => lastEmailToIn(app, to, subject);

describe('signup', () => {
  it('creates the account signed in, with a HttpOnly SameSite cookie', async () => {
    const res = await signup('Nova@Exemplo.com');
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({
      email: 'nova@exemplo.com',
      name: 'Joana Lima',
      emailVerified: false,
    });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/impulso_session=[A-Za-z0-9_-]{40,}/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
    expect((await get('/api/auth/me', sessionCookieOf(res))).json().user.email).toBe('nova@exemplo.com');
  });

  it('marks the cookie Secure behind HTTPS', async () => {
    const https = await createTestApp({ TRUST_PROXY: '1' }, { database: app.database });
    try {
      const res = await https.server.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: { 'x-forwarded-proto': 'https' },
        payload: {
          name: 'Ana',
          email: 'https@exemplo.com',
          password: 'segredo123',
          confirmPassword: 'segredo123',
        },
      });
      expect(String(res.headers['set-cookie'])).toContain('Secure');
    } finally {
      await https.close();
    }
  });

  it('answers a taken e-mail like a new one, tells its owner by e-mail, and refuses short and different passwords', async () => {
    const first = await signup('dup@exemplo.com');
    const duplicate = await signup('DUP@exemplo.com', 'outrasenha9');
    expect(duplicate.statusCode).toBe(first.statusCode);
    expect(Object.keys(duplicate.json().user)).toEqual(Object.keys(first.json().user));
    expect(duplicate.json().user).toMatchObject({ email: 'dup@exemplo.com', emailVerified: false });
    // The stand-in works like a new account but opens nothing of the real one, which keeps its password.
    const standIn = (await get('/api/auth/me', sessionCookieOf(duplicate))).json().user;
    expect(standIn.id).not.toBe(first.json().user.id);
    expect((await get('/api/account/orders', sessionCookieOf(duplicate))).json().orders).toEqual([]);
    const real = await post('/api/auth/login', { email: 'dup@exemplo.com', password: 'segredo123' });
    expect(real.json().user.id).toBe(first.json().user.id);
    expect(await lastEmailTo('dup@exemplo.com', 'Tentativa de cadastro')).toBeDefined();
    const short = await post('/api/auth/signup', {
      name: 'A',
      email: 'curta@exemplo.com',
      password: '1234567',
      confirmPassword: '1234567',
    });
    expect(short.json().message).toBe('A senha deve ter pelo menos 8 caracteres');
    const differ = await post('/api/auth/signup', {
      name: 'A',
      email: 'dif@exemplo.com',
      password: '12345678',
      confirmPassword: '87654321',
    });
    expect(differ.json()).toMatchObject({ field: 'confirmPassword', message: 'As senhas não coincidem' });
  });
});

describe('sessions', () => {
  it('logout ends the session on the server, not only in the browser', async () => {
    const cookie = sessionCookieOf(await signup('sai@exemplo.com'));
    expect((await post('/api/auth/logout', {}, cookie)).statusCode).toBe(200);
    expect((await get('/api/auth/me', cookie)).statusCode).toBe(401);
  });

  it('signs in again with the password; a wrong one gets the same answer as an unknown e-mail', async () => {
    await signup('volta@exemplo.com');
    const ok = await post('/api/auth/login', { email: 'VOLTA@exemplo.com', password: 'segredo123' });
    expect(ok.statusCode).toBe(200);
    const wrong = await post('/api/auth/login', { email: 'volta@exemplo.com', password: 'errada1' });
    const unknown = await post('/api/auth/login', { email: 'nunca@exemplo.com', password: 'errada1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe('E-mail ou senha incorretos.');
  });

  it('limits sign-in attempts per account and IP, without locking the account for everyone else', async () => {
    const attempt = (ip: string) =>
      post('/api/auth/login', { email: 'alvo@exemplo.com', password: 'x' }, undefined, ip);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await attempt('198.19.0.1')).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    // The account's owner, from another address, is not locked out by that stranger.
    expect((await attempt('198.19.0.2')).statusCode).toBe(401);
  });
});

describe('dashboard orders', () => {
  it("an account with a buyer's unverified e-mail sees none of the buyer's orders; verified in its session, it does", async () => {
    const email = 'compradora@exemplo.com';
    await app.server.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': newKey() },
      payload: orderRequest({ email }),
    });
    const cookie = sessionCookieOf(await signup(email));
    expect((await get('/api/account/orders', cookie)).json().orders).toEqual([]);

    const verification = await lastEmailTo(email, 'Confirme o seu e-mail');
    expect(verification!.subject).toContain('Confirme o seu e-mail');
    const token = tokenIn(verification!.text, '/verificar-email');
    expect((await post('/api/auth/verify-email', { token }, cookie)).statusCode).toBe(200);
    const orders = (await get('/api/account/orders', cookie)).json().orders;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ totalCents: 8590, status: 'pendente' });
  });

  it('shows orders placed while signed in, newest first, and needs a session', async () => {
    const cookie = sessionCookieOf(await signup('logada@exemplo.com'));
    for (const amount of [500, 1000]) {
      await app.server.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { 'idempotency-key': newKey(), cookie },
        payload: orderRequest({ email: 'outro-email@exemplo.com', item: { type: 'followers', amount } }),
      });
    }
    const orders = (await get('/api/account/orders', cookie)).json().orders;
    expect(orders.map((o: { quantity: number }) => o.quantity)).toEqual([1000, 500]);
    expect((await get('/api/account/orders')).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('sends a single-use link that works once, ends old sessions, and answers the same for unknown e-mails', async () => {
    const cookie = sessionCookieOf(await signup('esqueci@exemplo.com'));
    const known = await post('/api/auth/password-reset', { email: 'esqueci@exemplo.com' });
    const unknown = await post('/api/auth/password-reset', { email: 'ninguem@exemplo.com' });
    expect(known.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());
    const token = tokenIn(
      (await lastEmailTo('esqueci@exemplo.com', 'Redefinição de senha'))!.text,
      '/redefinir-senha',
    );

    const first = await post('/api/auth/password-reset/confirm', {
      token,
      password: 'novasenha1',
      confirmPassword: 'novasenha1',
    });
    expect(first.statusCode).toBe(200);
    const second = await post('/api/auth/password-reset/confirm', {
      token,
      password: 'outrasenha',
      confirmPassword: 'outrasenha',
    });
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe('Link inválido ou expirado. Peça um novo.');
    expect((await get('/api/auth/me', cookie)).statusCode).toBe(401);
    expect(
      (await post('/api/auth/login', { email: 'esqueci@exemplo.com', password: 'novasenha1' })).statusCode,
    ).toBe(200);
  });

  it('expires after an hour', async () => {
    let now = Date.now();
    const clocked = await createTestApp({}, { database: app.database, clock: () => new Date(now) });
    try {
      await clocked.server.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: {
          name: 'A',
          email: 'tarde@exemplo.com',
          password: 'segredo123',
          confirmPassword: 'segredo123',
        },
      });
      await clocked.server.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload: { email: 'tarde@exemplo.com' },
      });
      await clocked.jobs.drain();
      const [email] = await app.database.db
        .select()
        .from(outboxEmails)
        .where(eq(outboxEmails.subject, 'Redefinição de senha – Impulso'))
        .orderBy(desc(outboxEmails.createdAt))
        .limit(1);
      now += 61 * 60 * 1000;
      const res = await clocked.server.inject({
        method: 'POST',
        url: '/api/auth/password-reset/confirm',
        payload: {
          token: tokenIn(email!.text, '/redefinir-senha'),
          password: 'novasenha1',
          confirmPassword: 'novasenha1',
        },
      });
      expect(res.statusCode).toBe(400);
    } finally {
      await clocked.close();
    }
  });
});

describe('order e-mails (outbox)', () => {
  it('sends the order-received e-mail with the purchase code and the PIX code, then payment confirmed', async () => {
    const { order, payment } = (
      await app.server.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { 'idempotency-key': newKey() },
        payload: orderRequest({ email: 'recibo@exemplo.com' }),
      })
    ).json();
    // The receipt is queued once the order is a second old (src/server/email/email-jobs.ts).
    const received = await vi.waitFor(
      async () => {
        const sent = await lastEmailTo('recibo@exemplo.com', 'Pedido');
        expect(sent).toBeDefined();
        return sent;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(received!.subject).toBe(`Pedido ${order.purchaseCode} recebido – Impulso`);
    expect(received!.text).toContain(payment.pixPayload);
    expect(received!.html).toContain(`/order/${order.id}`);

    await app.server.inject({ method: 'POST', url: `/api/sandbox/payments/${payment.id}/confirm` });
    const confirmed = await lastEmailTo('recibo@exemplo.com', 'Pagamento confirmado');
    expect(confirmed!.subject).toBe(`Pagamento confirmado – pedido ${order.purchaseCode}`);
  });
});
