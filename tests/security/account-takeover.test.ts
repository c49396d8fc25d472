import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAdminPassword } from '#server/admin/admin-account.ts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { sessionCookieOf } from '../helpers/cookies';
import { lastEmailTo, signupBody, tokenIn } from '../helpers/accounts';
import { newKey, orderRequest } from '../helpers/order-request';

// Issue 9 §6 (pre-registered account), §7 (reset tokens), §8 (password policy), §10 (enumeration).
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ ADMIN_EMAIL: 'dona@loja.example' });
});
afterAll(() => app.close());

const post = (url: string, payload: object, cookie?: string) =>
  app.server.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
const get = (url: string, cookie: string) => app.server.inject({ method: 'GET', url, headers: { cookie } });

describe('§6 an account pre-registered with a buyer’s e-mail', () => {
  it('loses its session and password when the buyer confirms the address, and the buyer sets a new one', async () => {
    const email = 'compradora@exemplo.com';
    await app.server.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': newKey() },
      payload: orderRequest({ email }),
    });
    const attacker = sessionCookieOf(await post('/api/auth/signup', signupBody(email, 'do-atacante-1')));
    const token = tokenIn((await lastEmailTo(app, email, 'Confirme o seu e-mail'))!.text, '/verificar-email');

    // The buyer clicks the link in their mailbox, with no session of the account.
    const verified = await post('/api/auth/verify-email', { token });
    expect(verified.statusCode).toBe(200);
    const { resetToken, message } = verified.json();
    expect(message).toBe('E-mail confirmado! Por segurança, defina uma nova senha para entrar.');
    expect((await get('/api/account/orders', attacker)).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email, password: 'do-atacante-1' })).statusCode).toBe(401);

    const reset = await post('/api/auth/password-reset/confirm', {
      token: resetToken,
      password: 'da-compradora-1',
      confirmPassword: 'da-compradora-1',
    });
    expect(reset.statusCode).toBe(200);
    const buyer = sessionCookieOf(await post('/api/auth/login', { email, password: 'da-compradora-1' }));
    expect((await get('/api/account/orders', buyer)).json().orders).toHaveLength(1);
  });

  it('confirmed inside the account’s own session, keeps that session and ends the others', async () => {
    const email = 'propria@exemplo.com';
    const mine = sessionCookieOf(await post('/api/auth/signup', signupBody(email)));
    const other = sessionCookieOf(await post('/api/auth/login', { email, password: 'segredo123' }));
    const token = tokenIn((await lastEmailTo(app, email, 'Confirme o seu e-mail'))!.text, '/verificar-email');
    const verified = await post('/api/auth/verify-email', { token }, mine);
    expect(verified.json().resetToken).toBeUndefined();
    expect((await get('/api/auth/me', mine)).json().user.emailVerified).toBe(true);
    expect((await get('/api/auth/me', other)).statusCode).toBe(401);
  });
});

describe('§7 reset tokens', () => {
  it('confirming one reset voids every other unused link of the account', async () => {
    const email = 'dois-links@exemplo.com';
    await post('/api/auth/signup', signupBody(email));
    await post('/api/auth/password-reset', { email });
    const first = tokenIn((await lastEmailTo(app, email, 'Redefinição de senha'))!.text, '/redefinir-senha');
    await post('/api/auth/password-reset', { email });
    const second = tokenIn((await lastEmailTo(app, email, 'Redefinição de senha'))!.text, '/redefinir-senha');
    expect(second).not.toBe(first);
    const body = (token: string) => ({ token, password: 'nova-senha-1', confirmPassword: 'nova-senha-1' });
    expect((await post('/api/auth/password-reset/confirm', body(second))).statusCode).toBe(200);
    const stale = await post('/api/auth/password-reset/confirm', body(first));
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe('Link inválido ou expirado. Peça um novo.');
  });

  it('links carry the token in the fragment, which no server, log or Referer sees', async () => {
    const email = 'fragmento@exemplo.com';
    await post('/api/auth/password-reset', { email: 'dois-links@exemplo.com' });
    await post('/api/auth/signup', signupBody(email));
    const text = (await lastEmailTo(app, email, 'Confirme o seu e-mail'))!.text;
    expect(text).toMatch(/\/verificar-email#token=/);
    expect(text).not.toMatch(/\?token=/);
  });
});

describe('§8 password policy', () => {
  it('customers need 8 characters; the operator needs 10 on the reset path too, and the link survives', async () => {
    const short = await post('/api/auth/signup', signupBody('curta@exemplo.com', '1234567'));
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('A senha deve ter pelo menos 8 caracteres');

    await setAdminPassword(app.database.db, 'dona@loja.example', 'senha-da-dona-1', new Date());
    await post('/api/auth/password-reset', { email: 'dona@loja.example' });
    const token = tokenIn(
      (await lastEmailTo(app, 'dona@loja.example', 'Redefinição de senha'))!.text,
      '/redefinir-senha',
    );
    const weak = await post('/api/auth/password-reset/confirm', {
      token,
      password: '12345678',
      confirmPassword: '12345678',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('A senha do administrador deve ter pelo menos 10 caracteres');
    const strong = await post('/api/auth/password-reset/confirm', {
      token,
      password: 'senha-nova-da-dona',
      confirmPassword: 'senha-nova-da-dona',
    });
    expect(strong.statusCode).toBe(200);
  });
});

describe('§10 enumeration', () => {
  it('signup answers a taken address exactly like a new one and e-mails the owner instead', async () => {
    await post('/api/auth/signup', signupBody('existe@exemplo.com'));
    const taken = await post('/api/auth/signup', signupBody('existe@exemplo.com'));
    const fresh = await post('/api/auth/signup', signupBody('nova-pessoa@exemplo.com'));
    expect(taken.statusCode).toBe(fresh.statusCode);
    const shape = (r: typeof taken) => ({ ...r.json().user, id: 'x', email: 'x' });
    expect(shape(taken)).toEqual(shape(fresh));
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
    expect(await lastEmailTo(app, 'existe@exemplo.com', 'Tentativa de cadastro')).toBeDefined();
  });
});
