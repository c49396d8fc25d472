import { afterAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { setAdminPassword } from '#server/admin/admin-account.ts';
import { signupBody } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { productionDemoEnv } from '../helpers/production-env';

// Issue 24 §8: the session cookie went without Secure in production unless the proxy sent
// X-Forwarded-Proto. Now it is Secure, under the `__Host-` prefix, whenever NODE_ENV=production or
// PUBLIC_URL is https; plain http keeps working in development.
const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));

async function appWith(env: Record<string, string>) {
  const app = await createTestApp({ ADMIN_EMAIL: 'dona@loja.example', ...env });
  apps.push(app);
  return app;
}

const setCookies = (res: LightMyRequestResponse) => {
  const header = res.headers['set-cookie'];
  return Array.isArray(header) ? header : header ? [header] : [];
};
const attributes = (cookie: string) =>
  cookie
    .split(';')
    .slice(1)
    .map((a) => a.trim().split('=')[0]!.toLowerCase());

describe.each([
  ['NODE_ENV=production', productionDemoEnv],
  ['PUBLIC_URL=https://…', { PUBLIC_URL: 'https://loja.example' }],
])('%s, request over plain http with no X-Forwarded-Proto', (_label, env) => {
  it('the customer session cookie is __Host-, Secure, HttpOnly, Path=/, no Domain, and it works', async () => {
    const app = await appWith(env);
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: signupBody('cliente@exemplo.com'),
    });
    expect(res.statusCode).toBe(201);
    const [cookie] = setCookies(res);
    expect(cookie).toMatch(/^__Host-impulso_session=[A-Za-z0-9_-]{40,};/);
    expect(attributes(cookie!)).toEqual(expect.arrayContaining(['secure', 'httponly', 'path', 'samesite']));
    expect(attributes(cookie!)).not.toContain('domain');
    expect(cookie).toContain('Path=/;');

    const pair = cookie!.split(';')[0]!;
    const me = await app.server.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: pair } });
    expect(me.statusCode).toBe(200);
    // The same token under the unprefixed name is not read: a cookie a subdomain could plant opens nothing.
    const token = pair.split('=')[1];
    const planted = await app.server.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: `impulso_session=${token}` },
    });
    expect(planted.statusCode).toBe(401);

    const out = await app.server.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: pair },
    });
    const [cleared] = setCookies(out);
    expect(cleared).toMatch(/^__Host-impulso_session=;/);
    expect(attributes(cleared!)).toContain('secure');
  });
});

describe('the operator session cookie', () => {
  it('is __Host- and Secure with an https PUBLIC_URL', async () => {
    const app = await appWith({ PUBLIC_URL: 'https://loja.example' });
    await setAdminPassword(app.database.db, 'dona@loja.example', 'tatu-bola-azul-92', new Date());
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'dona@loja.example', password: 'tatu-bola-azul-92' },
    });
    expect(res.statusCode).toBe(200);
    const [cookie] = setCookies(res);
    expect(cookie).toMatch(/^__Host-impulso_session=/);
    expect(attributes(cookie!)).toContain('secure');
    const session = await app.server.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: { cookie: cookie!.split(';')[0]! },
    });
    expect(session.statusCode).toBe(200);
  });
});

describe('development over http', () => {
  it('keeps the plain name without Secure, so signing in works on http://localhost', async () => {
    const app = await appWith({});
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: signupBody('dev@exemplo.com'),
    });
    const [cookie] = setCookies(res);
    expect(cookie).toMatch(/^impulso_session=/);
    expect(attributes(cookie!)).not.toContain('secure');
    const me = await app.server.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: cookie!.split(';')[0]! },
    });
    expect(me.statusCode).toBe(200);
  });

  it('still marks it Secure when a trusted proxy says the request came over https', async () => {
    const app = await appWith({ TRUST_PROXY: '1' });
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'x-forwarded-proto': 'https' },
      payload: signupBody('proxy@exemplo.com'),
    });
    expect(attributes(setCookies(res)[0]!)).toContain('secure');
  });
});
