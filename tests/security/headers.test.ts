import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { operatorCookie } from '../helpers/accounts';

// Issue 9 §11: the CSP names the tag manager only when one is configured; the CSV export is never cached.
let plain: TestApp;
let withGtm: TestApp;
beforeAll(async () => {
  plain = await createTestApp({ ADMIN_EMAIL: 'dona@loja.example' });
  withGtm = await createTestApp({ GTM_ID: 'GTM-ABC123' }, { database: plain.database });
});
afterAll(async () => {
  await withGtm.close();
  await plain.close();
});

const csp = async (app: TestApp) =>
  String((await app.server.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);

it('lists the tag-manager hosts only when GTM_ID is set', async () => {
  expect(await csp(plain)).not.toContain('googletagmanager');
  expect(await csp(plain)).not.toContain('google-analytics');
  expect(await csp(plain)).toContain("frame-src 'none'");
  expect(await csp(withGtm)).toContain('https://www.googletagmanager.com');
});

it('sends the orders CSV with Cache-Control: no-store', async () => {
  const res = await plain.server.inject({
    method: 'GET',
    url: '/api/admin/orders.csv?period=all',
    headers: { cookie: await operatorCookie(plain, 'dona@loja.example') },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
});

it("sends helmet's headers, set once at start, on a success, a refusal and an unknown path alike", async () => {
  const expected = {
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
  const answers = await Promise.all([
    plain.server.inject({ method: 'GET', url: '/api/health' }),
    plain.server.inject({ method: 'POST', url: '/api/orders', payload: {} }),
    plain.server.inject({ method: 'GET', url: '/api/nao-existe' }),
  ]);
  expect(answers.map((res) => res.statusCode)).toEqual([200, 400, 404]);
  for (const res of answers) {
    expect(res.headers).toMatchObject(expected);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  }
});
