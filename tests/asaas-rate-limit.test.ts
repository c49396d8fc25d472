import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import { payments, refunds } from '#server/db/schema/index.ts';
import { asaasChecks } from '#server/doctor/asaas-checks.ts';
import { createAsaasClient } from '#server/payments/asaas/asaas-client.ts';
import { ProviderBusy } from '#server/payments/provider-busy.ts';
import { messages } from '#shared/messages.ts';
import { operatorCookie } from './helpers/accounts';
import { startAsaasTestApp, type AsaasTestApp } from './helpers/asaas-test-app';
import { newKey, orderRequest } from './helpers/order-request';

// Issue 44 §3: Asaas answers 429 Too Many Requests past a limit, with RateLimit-Limit, RateLimit-Remaining
// and RateLimit-Reset (the seconds until it resets), and asks integrations to stop and wait rather than
// retry at once (docs.asaas.com 'Limites da API'). Nothing was done: no path records a refusal of its
// own, the reconciler stops asking until the reset, the panel says to try again later.

const adminEmail = 'dona@impulso.example';
const webhookToken = 'whsec_ratelimit_0123456789abcdefghijklmn';
let now = Date.parse('2026-11-23T15:00:00Z');
let asaas: AsaasTestApp;
beforeAll(async () => {
  asaas = await startAsaasTestApp(
    webhookToken,
    { ADMIN_EMAIL: adminEmail, FULFILMENT_PROVIDER: 'manual', RECONCILE_INTERVAL_SECONDS: '5' },
    { clock: () => new Date(now) },
  );
});
afterAll(() => asaas.close());
beforeEach(() => asaas.fake.rateLimit(null));

const pixOrder = async (email: string) => {
  const res = await asaas.app.server.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'idempotency-key': newKey() },
    payload: orderRequest({ email }),
  });
  return res;
};
const paymentReads = () =>
  asaas.fake.requests.filter((r) => r.method === 'GET' && /^\/v3\/payments\/pay_[^/]+$/.test(r.path)).length;

it('the client reads the wait Asaas asks for, without reading the body', async () => {
  const request = createAsaasClient({ baseUrl: asaas.fake.url, apiKey: asaas.fake.apiKey, userAgent: 'I' });
  asaas.fake.rateLimit({ path: /\/finance\/balance$/, resetSeconds: 42, times: 1 });
  const error = await request('GET', '/finance/balance').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ProviderBusy);
  expect(error).toMatchObject({ status: 429, retryAfterMs: 42_000 });
});

it('a PIX asked while Asaas limits: the attempt failed, nothing looked up, the buyer may try again', async () => {
  asaas.fake.rateLimit({ method: 'POST', path: /\/payments$/, resetSeconds: 10, times: 1 });
  const before = asaas.fake.requests.length;
  const res = await pixOrder('limite.pix@exemplo.com');
  expect([res.statusCode, res.json().message]).toEqual([502, messages.pix_failed]);
  const orderId = res.json().orderId as string;
  const [attempt] = await asaas.app.database.db.select().from(payments).where(eq(payments.orderId, orderId));
  expect(attempt).toMatchObject({ status: 'failed' });
  // A 429 made nothing: no look-up of a charge that cannot exist.
  const after = asaas.fake.requests.slice(before).map((r) => `${r.method} ${r.path.split('?')[0]}`);
  expect(after.filter((call) => call === 'GET /v3/payments')).toEqual([]);
});

describe('the reconciler', () => {
  it('stops at the first 429 and asks nothing until RateLimit-Reset has passed', async () => {
    for (const n of [1, 2, 3]) expect((await pixOrder(`aberto.${n}@exemplo.com`)).statusCode).toBe(201);
    now += 10_000;
    asaas.fake.rateLimit({ method: 'GET', path: /^\/payments\/pay_[^/]+$/, resetSeconds: 30 });
    const before = paymentReads();
    expect((await asaas.app.reconciler.runOnce()).paymentsChecked).toBe(0);
    expect(paymentReads() - before).toBe(1);
    now += 10_000;
    await asaas.app.reconciler.runOnce();
    expect(paymentReads() - before).toBe(1);
    asaas.fake.rateLimit(null);
    now += 25_000;
    expect((await asaas.app.reconciler.runOnce()).paymentsChecked).toBeGreaterThanOrEqual(3);
  });
});

describe('the doctor and the panel', () => {
  it('the doctor says Asaas asked for a pause, with the wait', async () => {
    asaas.fake.rateLimit({ path: /\/finance\/balance$/, resetSeconds: 90, times: 1 });
    const config = { ...asaas.app.config, env: 'test' } as Config;
    const [key] = await asaasChecks({ config, timeoutMs: 5_000 });
    expect(key).toMatchObject({
      ok: false,
      message: 'o Asaas pediu uma pausa (HTTP 429, limite de chamadas): tente de novo em 90 s.',
    });
  });

  it('a refund asked while Asaas limits: nothing refunded, the operator told to try again later', async () => {
    const placed = await pixOrder('limite.reembolso@exemplo.com');
    const orderId = placed.json().order.id as string;
    const charge = [...asaas.fake.payments.values()].find((p) => p.externalReference === orderId)!;
    asaas.fake.receivePix(charge.id);
    const paid = await asaas.app.server.inject({
      method: 'POST',
      url: '/api/webhooks/asaas',
      headers: { 'asaas-access-token': webhookToken },
      payload: { id: `evt_paid_${orderId}`, event: 'PAYMENT_RECEIVED', payment: { ...charge } },
    });
    expect(paid.statusCode).toBe(200);
    const cookie = await operatorCookie(asaas.app, adminEmail);
    const ask = () =>
      asaas.app.server.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/refunds`,
        headers: { cookie, 'idempotency-key': newKey() },
        payload: { reason: 'Cliente desistiu' },
      });
    asaas.fake.rateLimit({ method: 'POST', path: /\/refund$/, resetSeconds: 60, times: 1 });
    const limited = await ask();
    expect([limited.statusCode, limited.json().message]).toEqual([502, messages.provider_busy]);
    expect(charge.refunds).toBeUndefined();
    const rows = () => asaas.app.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect((await rows()).map((r) => r.status)).toEqual(['failed']);
    expect((await ask()).statusCode).toBe(201);
    expect(charge.refunds).toHaveLength(1);
  });
});
