import { afterAll, beforeAll, expect, it } from 'vitest';
import { accountsRepo } from '#server/accounts/accounts.repo.ts';
import { hashPassword } from '#server/accounts/passwords.ts';
import { setAdminPassword } from '#server/admin/admin-account.ts';
import { hashToken, newToken } from '#server/accounts/tokens.ts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { sessionCookieOf } from '../helpers/cookies';
import { signupBody } from '../helpers/accounts';

// Issue 9 §1: the operator is a role that only admin:create (or the first-start password) grants.
const adminEmail = 'dona@loja.example';
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ ADMIN_EMAIL: adminEmail });
});
afterAll(() => app.close());

const inject = (method: 'GET' | 'POST', url: string, payload?: object, cookie?: string) =>
  app.server.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

it('signing up with the admin address opens nothing, before and after admin:create', async () => {
  const before = await inject('POST', '/api/auth/signup', signupBody(adminEmail, 'atacante123'));
  expect(before.statusCode).toBe(201);
  expect((await inject('GET', '/api/admin/session', undefined, sessionCookieOf(before))).statusCode).toBe(
    401,
  );
  expect(await accountsRepo.findUserByEmail(app.database.db, adminEmail)).toBeUndefined();

  await setAdminPassword(app.database.db, adminEmail, 'senha-da-dona-1', new Date());
  const after = await inject('POST', '/api/auth/signup', signupBody(adminEmail, 'atacante123'));
  expect(after.statusCode).toBe(201);
  expect((await inject('GET', '/api/admin/session', undefined, sessionCookieOf(after))).statusCode).toBe(401);
  const login = await inject('POST', '/api/admin/login', { email: adminEmail, password: 'atacante123' });
  expect(login.statusCode).toBe(401);
});

it('an account that held the admin address before admin:create loses its password and sessions', async () => {
  const email = 'antes@loja.example';
  const owner = await createTestApp({ ADMIN_EMAIL: email }, { database: app.database });
  try {
    // As an older version allowed: a customer row with the address, signed in.
    const squatter = (await accountsRepo.insertUser(owner.database.db, {
      email,
      name: 'Atacante',
      passwordHash: await hashPassword('atacante123'),
      createdAt: new Date(),
    }))!;
    const { token, hash } = newToken();
    await accountsRepo.insertSession(owner.database.db, {
      tokenHash: hash,
      userId: squatter.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const cookie = `impulso_session=${token}`;
    // The address alone grants nothing.
    const panel = await owner.server.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: { cookie },
    });
    expect(panel.statusCode).toBe(403);

    await setAdminPassword(owner.database.db, email, 'senha-da-dona-2', new Date());
    expect(
      await accountsRepo.userForSession(owner.database.db, hashToken(token), new Date()),
    ).toBeUndefined();
    const me = await owner.server.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    const old = await owner.server.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email, password: 'atacante123' },
    });
    expect(old.statusCode).toBe(401);
    const signedIn = await owner.server.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email, password: 'senha-da-dona-2' },
    });
    expect(signedIn.statusCode).toBe(200);
  } finally {
    await owner.close();
  }
});

it('admin:create refuses a password shorter than the operator policy', async () => {
  await expect(setAdminPassword(app.database.db, adminEmail, 'curta12', new Date())).rejects.toThrow(/10/);
});
