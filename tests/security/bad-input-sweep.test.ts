import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeError } from '#server/logger.ts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { newKey, orderRequest } from '../helpers/order-request';
import { operatorCookie, signupBody } from '../helpers/accounts';

// Issue 9 §9 and the bad-input sweep: every JSON route × {NUL byte, 10 kB string, wrong types, impossible
// dates, unicode look-alikes} → never a 5xx, and no log line with personal data.
const personal = ['52998224725', '529.982.247-25', 'ana@exemplo.com', '91234-5678', '912345678', 'Ana Souza'];
const lines: string[] = [];
let app: TestApp;
let admin: string;
let orderId: string;
let paymentId: string;
let orderToken: string;

beforeAll(async () => {
  app = await createTestApp(
    { ADMIN_EMAIL: 'dona@loja.example', LOG_LEVEL: 'info' },
    { logStream: { write: (line) => void lines.push(line) } },
  );
  admin = await operatorCookie(app, 'dona@loja.example');
  const created = await app.server.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'idempotency-key': newKey() },
    payload: orderRequest(),
  });
  ({ id: orderId } = created.json().order);
  ({ orderToken } = created.json());
  ({ id: paymentId } = created.json().payment);
});
afterAll(() => app.close());

const nul = (text: string) => `${text.slice(0, 2)}\u0000${text.slice(2)}`;
const big = 'x'.repeat(10_000);
const lookAlike = (text: string) => text.replace(/a/g, 'а').replace(/o/g, 'о'); // Cyrillic а, о
const wrongTypes: unknown[] = [123, [], {}, null, true];

interface JsonRoute {
  method: 'POST' | 'PATCH';
  url: () => string;
  body: () => Record<string, unknown>;
  headers?: () => Record<string, string>;
}
const jsonRoutes: JsonRoute[] = [
  {
    method: 'POST',
    url: () => '/api/orders',
    body: () => ({ ...orderRequest() }),
    headers: () => ({ 'idempotency-key': newKey() }),
  },
  {
    method: 'POST',
    url: () => `/api/orders/${orderId}/payments`,
    body: () => ({ paymentMethod: 'pix', installments: 1 }),
    // The create answer's proof (ADR 026): without it every body would stop at 403, before validation.
    headers: () => ({ 'x-order-token': orderToken }),
  },
  {
    method: 'POST',
    url: () => '/api/orders/lookup',
    body: () => ({ email: 'ana@exemplo.com', code: 'ABCD-EFGH' }),
  },
  {
    method: 'POST',
    url: () => '/api/events',
    body: () => ({ etapa: 'checkout', url: 'http://localhost/checkout' }),
  },
  { method: 'POST', url: () => '/api/auth/signup', body: () => signupBody('sweep@exemplo.com') },
  {
    method: 'POST',
    url: () => '/api/auth/login',
    body: () => ({ email: 'sweep@exemplo.com', password: 'segredo123' }),
  },
  { method: 'POST', url: () => '/api/auth/verify-email', body: () => ({ token: 'x'.repeat(43) }) },
  { method: 'POST', url: () => '/api/auth/password-reset', body: () => ({ email: 'sweep@exemplo.com' }) },
  {
    method: 'POST',
    url: () => '/api/auth/password-reset/confirm',
    body: () => ({ token: 'x'.repeat(43), password: 'segredo123', confirmPassword: 'segredo123' }),
  },
  {
    method: 'POST',
    url: () => '/api/admin/login',
    body: () => ({ email: 'dona@loja.example', password: 'errada-123' }),
  },
  {
    method: 'PATCH',
    url: () => `/api/admin/orders/${orderId}`,
    body: () => ({ note: 'Cliente pediu urgência', status: 'processando' }),
    headers: () => ({ cookie: admin }),
  },
];

function variants(value: unknown): Array<[string, unknown]> {
  const text = typeof value === 'string' ? value : 'texto';
  return [
    ['NUL', nul(text)],
    ['10 kB', big],
    ['look-alike', lookAlike(text)],
    ...wrongTypes.map((w): [string, unknown] => [`type ${JSON.stringify(w)}`, w]),
  ];
}

describe('every JSON route', () => {
  it('answers each bad field with a 4xx (NUL: 400), never a 5xx', async () => {
    const failures: string[] = [];
    for (const route of jsonRoutes) {
      for (const key of Object.keys(route.body())) {
        for (const [kind, bad] of variants(route.body()[key])) {
          const res = await app.server.inject({
            method: route.method,
            url: route.url(),
            headers: { ...route.headers?.(), 'x-forwarded-for': '192.0.2.1' },
            payload: { ...route.body(), [key]: bad },
          });
          const label = `${route.method} ${route.url()} ${key} ${kind} → ${res.statusCode}`;
          if (res.statusCode >= 500) failures.push(label);
          if (kind === 'NUL' && typeof route.body()[key] === 'string' && res.statusCode !== 400)
            failures.push(label);
          if (res.statusCode >= 400) expect(typeof res.json().message, label).toBe('string');
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('NUL bytes in the query, route parameters and lookup code are 400 with a pt-BR message', async () => {
    for (const url of [
      '/api/admin/orders?q=ana%00',
      `/api/orders/${orderId}%00`,
      `/api/orders/${orderId}%00/payment`,
      `/api/sandbox/payments/${paymentId}%00/confirm`,
    ]) {
      const res = await app.server.inject({
        method: url.includes('sandbox') ? 'POST' : 'GET',
        url,
        headers: { cookie: admin },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe(
        'O texto enviado tem um caractere inválido. Confira e tente novamente.',
      );
    }
  });

  it('impossible dates in the panel filters are 400, on every panel read', async () => {
    for (const path of ['/api/admin/dashboard', '/api/admin/orders', '/api/admin/orders.csv']) {
      for (const day of ['2024-13-45', '2025-02-30', '0000-00-00', '2026-1-1', 'ontem']) {
        for (const side of ['from', 'to']) {
          const res = await app.server.inject({
            method: 'GET',
            url: `${path}?period=custom&${side}=${day}`,
            headers: { cookie: admin },
          });
          expect(res.statusCode, `${path} ${side}=${day}`).toBe(400);
          expect(res.json().message).toBe('Data inválida. Use uma data real (AAAA-MM-DD).');
        }
      }
    }
    const fine = await app.server.inject({
      method: 'GET',
      url: '/api/admin/orders?period=custom&from=2024-02-29&to=2026-11-23',
      headers: { cookie: admin },
    });
    expect(fine.statusCode).toBe(200);
  });

  it('wrote no error line and no personal data to the log', () => {
    const errors = lines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
    expect(errors).toEqual([]);
    for (const word of personal)
      expect(
        lines.filter((line) => line.includes(word)),
        word,
      ).toEqual([]);
  });
});

it('a failed query logs its SQL but never its parameters or the driver detail', () => {
  const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_idx"'), {
    code: '23505',
    detail: 'Key (email)=(ana@exemplo.com) already exists.',
  });
  const error = new Error(
    'Failed query: insert into "orders" ("cpf", "email") values ($1, $2)\nparams: 52998224725,ana@exemplo.com',
    {
      cause,
    },
  );
  const logged = JSON.stringify(serializeError(error));
  expect(logged).toContain('Failed query: insert into');
  expect(logged).toContain('23505');
  for (const word of ['52998224725', 'ana@exemplo.com']) expect(logged).not.toContain(word);
});
