import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAdminPassword } from '#server/admin/admin-account.ts';
import { codeAt, enableTwoFactor, signInTwoSteps, signupBody } from '../helpers/accounts';
import { sessionCookieOf } from '../helpers/cookies';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Issue 24 §5, lockouts as a weapon. Before: 5 wrong operator passwords every 5 minutes from anywhere
// kept the owner out (the account-wide lock refused even the right password), and ~50 wrong customer
// sign-ins from 5 addresses locked the customer's right password out for 15 minutes. Now the
// account-wide counts only slow guessing; the right password from an address with no failures signs in
// (ADR 027). Each case below answered 429 to the owner on the code before.
let now = Date.parse('2026-11-20T15:00:00Z');
const clock = () => new Date(now);
const later = (ms: number) => void (now += ms);

describe('the operator', () => {
  const adminEmail = 'dona@loja.example';
  const password = 'tatu-bola-azul-92';
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ ADMIN_EMAIL: adminEmail }, { clock });
    await setAdminPassword(app.database.db, adminEmail, password, clock());
  });
  afterAll(() => app.close());

  const passwordStep = (pass: string, remoteAddress: string) =>
    app.server.inject({
      method: 'POST',
      url: '/api/admin/login',
      remoteAddress,
      payload: { email: adminEmail, password: pass },
    });

  it('without a second factor: 5 wrong passwords from elsewhere, then the owner from a clean address gets in', async () => {
    // The attacker rotates addresses: a 6th and a 7th guess still get checked, once per clean address.
    for (let i = 1; i <= 7; i++) {
      const res = await passwordStep(`errada-${i}`, `198.51.100.${i}`);
      expect(res.statusCode, `guess ${i}`).toBe(401);
    }
    // An address that failed already waits while the account is under attack: one try per address.
    const again = await passwordStep(password, '198.51.100.1');
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe('❌ Acesso bloqueado. Tente novamente em 900 segundos.');

    const owner = await passwordStep(password, '192.0.2.10');
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toEqual({ email: adminEmail });
  });

  it('with the second factor: 5 wrong passwords from address A every 5 minutes never stop the owner at B with password + code', async () => {
    const setupAt = clock();
    const owner = sessionCookieOf(await passwordStep(password, '192.0.2.10'));
    const { secret } = await enableTwoFactor(app, owner, setupAt);

    for (let round = 0; round < 3; round++) {
      later(5 * 60 * 1000);
      // The attack of the issue: five wrong passwords from one address, each round.
      for (let i = 1; i <= 5; i++) {
        const guess = await passwordStep(`errada-${round}-${i}`, '198.51.100.66');
        // Never a session, never a word on the password: the code step for every guess.
        expect(guess.statusCode).toBe(200);
        expect(guess.json().step).toBe('code');
        expect(guess.headers['set-cookie']).toBeUndefined();
      }
      const locked = await passwordStep(password, '198.51.100.66');
      expect(locked.statusCode).toBe(429);

      const signIn = await signInTwoSteps(app, {
        email: adminEmail,
        password,
        code: codeAt(secret, clock()),
        remoteAddress: '192.0.2.20',
      });
      expect(signIn.passwordStep.statusCode, `round ${round}`).toBe(200);
      expect(signIn.codeStep!.statusCode, `round ${round}`).toBe(200);
      const dashboard = await app.server.inject({
        method: 'GET',
        url: '/api/admin/dashboard',
        headers: { cookie: sessionCookieOf(signIn.codeStep!) },
      });
      expect(dashboard.statusCode).toBe(200);
    }
  });
});

describe('a customer', () => {
  const email = 'cliente@exemplo.com';
  let app: TestApp;
  beforeAll(async () => {
    // The shipped defaults: 30 per address, 10 per account and address, 50 failures per account.
    app = await createTestApp(
      { LOGIN_LIMIT_PER_IP: '30', LOGIN_LIMIT_PER_ACCOUNT_IP: '10', LOGIN_LIMIT_PER_ACCOUNT: '50' },
      { clock },
    );
    await app.server.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(email) });
  });
  afterAll(() => app.close());

  const login = (pass: string, remoteAddress: string) =>
    app.server.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      payload: { email, password: pass },
    });

  it('50 wrong sign-ins from 5 addresses do not lock the right password out from a clean address', async () => {
    const statuses: number[] = [];
    for (let ip = 1; ip <= 5; ip++) {
      for (let i = 0; i < 10; i++) statuses.push((await login(`errada-${i}`, `198.51.100.${ip}`)).statusCode);
    }
    expect(statuses.every((s) => s === 401)).toBe(true);

    const owner = await login('segredo123', '192.0.2.30');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user.email).toBe(email);
  });

  it('past the account-wide limit, an address that failed waits and a fresh one gets one guess', async () => {
    // The owner's success did not reset the count of failures: the account is still over its limit.
    const failed = await login('segredo123', '198.51.100.1');
    expect(failed.statusCode).toBe(429);
    expect(failed.json().message).toBe(
      'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.',
    );
    expect(Number(failed.headers['retry-after'])).toBeGreaterThan(0);

    expect((await login('errada-nova', '198.51.100.99')).statusCode).toBe(401);
    expect((await login('errada-de-novo', '198.51.100.99')).statusCode).toBe(429);
    // The owner, from yet another clean address, is never in that queue.
    expect((await login('segredo123', '192.0.2.31')).statusCode).toBe(200);
  });
});
