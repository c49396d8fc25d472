import { afterAll, beforeAll, expect, it } from 'vitest';
import { setAdminPassword } from '#server/admin/admin-account.ts';
import { base32Decode, hotp, totpStep } from '#server/admin/totp.ts';
import { enableTwoFactor, signInTwoSteps } from '../helpers/accounts';
import { sessionCookieOf } from '../helpers/cookies';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Issue 9 §2: attempts are counted before the password is checked, so a burst verifies at most 5 per
// address.
const adminEmail = 'dona@loja.example';
const password = 'senha-forte-123';
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ ADMIN_EMAIL: adminEmail });
  await setAdminPassword(app.database.db, adminEmail, password, new Date());
});
afterAll(() => app.close());

const login = (email: string, pass: string, remoteAddress: string) =>
  app.server.inject({
    method: 'POST',
    url: '/api/admin/login',
    remoteAddress,
    payload: { email, password: pass },
  });

it('80 concurrent sign-ins from one address, the right password at position 70: none gets in, at most 5 are checked', async () => {
  const answers = await Promise.all(
    Array.from({ length: 80 }, (_, i) =>
      login(adminEmail, i === 69 ? password : `errada-${i}`, '192.0.2.77'),
    ),
  );
  const statuses = answers.map((a) => a.statusCode);
  expect(statuses.filter((s) => s === 200)).toHaveLength(0);
  // Checked passwords: the 401s and the one that set the lock ('Muitas tentativas').
  const checked = answers.filter((a) => a.statusCode === 401 || a.json().code === 'admin_too_many');
  expect(checked.length).toBeLessThanOrEqual(5);
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(75);
});

it('80 concurrent sign-ins from 80 addresses against an account with a second factor: no session at all', async () => {
  // Issue 24 §5: the account-wide count no longer locks (the owner would be locked out with it); with a
  // second factor the password alone never opens a session, so a spread-out burst gets nothing.
  const owner = await login(adminEmail, password, '192.0.2.1');
  const at = new Date();
  const { secret } = await enableTwoFactor(app, sessionCookieOf(owner), at);
  const answers = await Promise.all(
    Array.from({ length: 80 }, (_, i) =>
      login(adminEmail, i === 69 ? password : `errada-${i}`, `198.18.0.${i + 1}`),
    ),
  );
  expect(answers.every((a) => a.headers['set-cookie'] === undefined)).toBe(true);
  expect(answers.every((a) => a.statusCode === 200 && a.json().step === 'code')).toBe(true);
  // The owner, from a clean address, with the next code.
  const next = hotp(base32Decode(secret), totpStep(at) + 1);
  const signIn = await signInTwoSteps(app, {
    email: adminEmail,
    password,
    code: next,
    remoteAddress: '192.0.2.2',
  });
  expect(signIn.codeStep!.statusCode).toBe(200);
});

it('the same per IP: 80 concurrent attempts at other accounts from one address check at most 5', async () => {
  const answers = await Promise.all(
    Array.from({ length: 80 }, (_, i) => login(`outra${i}@loja.example`, 'qualquer', '198.51.100.9')),
  );
  expect(answers.filter((a) => a.statusCode !== 429).length).toBeLessThanOrEqual(5);
});

it('the customer sign-in never opens a session for the operator', async () => {
  const res = await app.server.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: '203.0.113.7',
    payload: { email: adminEmail, password },
  });
  expect(res.statusCode).toBe(401);
  expect(res.json().message).toBe('E-mail ou senha incorretos.');
  expect(res.headers['set-cookie']).toBeUndefined();
});
