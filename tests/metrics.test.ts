import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { jobsRepo } from '#server/jobs/jobs.repo.ts';
import { startFulfilmentTestApp, type FulfilmentTestApp } from './helpers/fulfilment-app';
import { startAsaasTestApp, type AsaasTestApp } from './helpers/asaas-test-app';
import { createTestApp, type TestApp } from './helpers/test-app';
import { placeOrder } from './helpers/order-request';

const token = 'metrics-token-0123456789abcdef-0123456789';
const bearer = { authorization: `Bearer ${token}` };

type Injectable = { server: FulfilmentTestApp['app']['server'] };
const scrape = async (app: Injectable) => {
  const res = await app.server.inject({ method: 'GET', url: '/metrics', headers: bearer });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};

/** The value of the series `name` whose labels include `labels`; undefined when there is none. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const given = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => given[k] === v)) return Number(match[3]);
  }
  return undefined;
}

// Every app is built before the tests (a hook's time limit is the longer one): on a busy machine a PGlite
// app takes tens of seconds to build.
let shop: FulfilmentTestApp;
let listed: TestApp;
let asaas: AsaasTestApp;
let one: TestApp;
let two: TestApp;
beforeAll(async () => {
  shop = await startFulfilmentTestApp({ METRICS_TOKEN: token });
  listed = await createTestApp({ TRUST_PROXY: '1', METRICS_ALLOW_FROM: '10.0.0.0/8, 192.168.1.7' });
  asaas = await startAsaasTestApp('webhook-token-for-the-metrics-test-0123456789', { METRICS_TOKEN: token });
  one = await createTestApp({ METRICS_TOKEN: token });
  two = await createTestApp({ METRICS_TOKEN: token });
}, 300_000);
afterAll(async () => {
  await Promise.all([shop, listed, asaas, one, two].map((app) => app?.close()));
});

describe('GET /metrics: who may read it', () => {
  it('is closed without the token, with a wrong one, and open with the right one', async () => {
    const none = await shop.app.server.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({
      code: 'metrics_closed',
      message: expect.stringContaining('métricas'),
    });
    const wrong = await shop.app.server.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}x` },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await shop.app.server.inject({ method: 'GET', url: '/metrics', headers: bearer });
    expect(right.statusCode).toBe(200);
    expect(right.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('opens to a listed socket address, never to a forged X-Forwarded-For', async () => {
    const get = (remoteAddress: string, headers: Record<string, string> = {}) =>
      listed.server.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
    expect((await get('203.0.113.9', { 'x-forwarded-for': '10.0.0.5' })).statusCode).toBe(401);
    expect((await get('127.0.0.1', { 'x-forwarded-for': '192.168.1.7' })).statusCode).toBe(401);
    expect((await get('10.20.30.40')).statusCode).toBe(200);
    expect((await get('::ffff:192.168.1.7')).statusCode).toBe(200);
    expect((await get('192.168.1.8')).statusCode).toBe(401);
    // No METRICS_TOKEN: a bearer opens nothing.
    expect((await get('203.0.113.9', bearer)).statusCode).toBe(401);
  });

  it('refuses a METRICS_ALLOW_FROM entry that is not an address or a CIDR, and a short token', async () => {
    await expect(createTestApp({ METRICS_ALLOW_FROM: '10.0.0.0/33' })).rejects.toThrow(/METRICS_ALLOW_FROM/);
    await expect(createTestApp({ METRICS_ALLOW_FROM: 'intranet' })).rejects.toThrow(/METRICS_ALLOW_FROM/);
    await expect(createTestApp({ METRICS_TOKEN: 'short' })).rejects.toThrow(/METRICS_TOKEN/);
  });
});

describe('GET /metrics: what it tells', () => {
  it('names every family by the Prometheus conventions', async () => {
    const text = await scrape(shop.app);
    const families = [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => [m[1]!, m[2]!] as const);
    for (const [name, type] of families) {
      expect(name).toMatch(/^impulso_/);
      if (type === 'counter') expect(name).toMatch(/_total$/);
    }
    const names = families.map(([name]) => name);
    for (const name of [
      'impulso_http_request_duration_seconds',
      'impulso_orders_created_total',
      'impulso_orders_paid_total',
      'impulso_orders_refunded_total',
      'impulso_jobs_waiting',
      'impulso_jobs_oldest_waiting_seconds',
      'impulso_jobs_dead',
      'impulso_provider_call_duration_seconds',
      'impulso_provider_errors_total',
      'impulso_webhooks_received_total',
      'impulso_webhooks_rejected_total',
      'impulso_smm_balance',
      'impulso_db_pool_max_connections',
      'impulso_process_resident_memory_bytes',
      'impulso_nodejs_eventloop_lag_seconds',
      'impulso_nodejs_heap_size_used_bytes',
    ])
      expect(names).toContain(name);
  });

  it('counts an order placed and paid, and times requests by route pattern, not URL', async () => {
    const before = await scrape(shop.app);
    const created = valueOf(before, 'impulso_orders_created_total', { method: 'pix' }) ?? 0;
    const paid = valueOf(before, 'impulso_orders_paid_total', { method: 'pix' }) ?? 0;
    const orderId = await shop.paidOrder();
    await shop.app.server.inject({ method: 'GET', url: `/api/orders/${orderId}` });
    const after = await scrape(shop.app);
    expect(valueOf(after, 'impulso_orders_created_total', { method: 'pix' })).toBe(created + 1);
    expect(valueOf(after, 'impulso_orders_paid_total', { method: 'pix' })).toBe(paid + 1);
    const posted = { route: '/api/orders', method: 'POST', status_code: '201' };
    expect(valueOf(after, 'impulso_http_request_duration_seconds_count', posted)).toBeGreaterThanOrEqual(1);
    expect(
      valueOf(after, 'impulso_http_request_duration_seconds_bucket', { ...posted, le: '+Inf' }),
    ).toBeGreaterThanOrEqual(1);
    expect(after).toContain('route="/api/orders/:id"');
    expect(after).not.toContain(orderId);
  });

  it('puts unusual HTTP methods under one `other` label: each would open a new series (issue 42 §3)', async () => {
    // light-my-request types only the seven common methods; it sends any other as given.
    for (const method of ['PROPFIND', 'MKCOL', 'LOCK', 'REPORT', 'SEARCH'])
      await shop.app.server.inject({ method: method as 'GET', url: '/api/health' });
    const text = await scrape(shop.app);
    const methods = new Set(
      [...text.matchAll(/impulso_http_request_duration_seconds_count\{[^}]*method="([^"]+)"/g)].map(
        (m) => m[1],
      ),
    );
    expect(methods).toContain('other');
    for (const method of methods)
      expect(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'other']).toContain(method);
  });

  it('reports the database pool', async () => {
    const text = await scrape(shop.app);
    if (shop.app.database.kind === 'postgres') {
      expect(valueOf(text, 'impulso_db_pool_max_connections')).toBe(5);
      expect(valueOf(text, 'impulso_db_pool_connections_in_use')).toBeGreaterThanOrEqual(0);
      expect(valueOf(text, 'impulso_db_pool_waiting_clients')).toBe(0);
    } else {
      expect(valueOf(text, 'impulso_db_pool_max_connections')).toBe(1);
    }
  });

  it('shows held jobs waiting longer and longer, and dead jobs', async () => {
    // The job's queuing time is the database's: bring the test clock to it first.
    shop.advance(Date.now() - shop.now().getTime());
    await jobsRepo.insert(shop.app.database.db, 'metrics_held', {}, new Date(0));
    await jobsRepo.insert(shop.app.database.db, 'metrics_held', {}, new Date(0));
    const held = { kind: 'metrics_held' };
    const first = await scrape(shop.app);
    expect(valueOf(first, 'impulso_jobs_waiting', held)).toBe(2);
    const age = valueOf(first, 'impulso_jobs_oldest_waiting_seconds', held)!;
    expect(age).toBeLessThan(60);
    shop.advance(10 * 60_000);
    const later = await scrape(shop.app);
    // Ten minutes later (the first age may have been clamped from a few milliseconds below zero).
    expect(valueOf(later, 'impulso_jobs_oldest_waiting_seconds', held)).toBeGreaterThan(age + 599);
    await shop.app.database.db.execute(sql`update jobs set attempts = 8 where kind = 'metrics_held'`);
    const dead = await scrape(shop.app);
    expect(valueOf(dead, 'impulso_jobs_dead', held)).toBe(2);
    expect(valueOf(dead, 'impulso_jobs_waiting', held)).toBe(0);
    await shop.app.database.db.execute(sql`delete from jobs where kind = 'metrics_held'`);
    expect(valueOf(await scrape(shop.app), 'impulso_jobs_dead', held)).toBeUndefined();
  });

  it("counts a panel's failures by operation and keeps its last balance", async () => {
    const panel = shop.app.fulfilment.ctx.panel!;
    shop.panel.balance = 123.45;
    await panel.balance();
    const failing = { provider: 'smm', operation: 'add', kind: 'failed' };
    const before = valueOf(await scrape(shop.app), 'impulso_provider_errors_total', failing) ?? 0;
    shop.panel.failNextAdd({ kind: 'error500' });
    await shop.paidOrder();
    await shop.app.jobs.drain();
    const text = await scrape(shop.app);
    expect(valueOf(text, 'impulso_provider_errors_total', failing)).toBe(before + 1);
    expect(
      valueOf(text, 'impulso_provider_call_duration_seconds_count', { provider: 'smm', operation: 'add' }),
    ).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'impulso_smm_balance')).toBe(123.45);
  });

  it('counts webhooks received and rejected by provider and reason', async () => {
    const res = await asaas.app.server.inject({
      method: 'POST',
      url: '/api/webhooks/asaas',
      headers: { 'asaas-access-token': 'wrong', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(401);
    const text = await scrape(asaas.app);
    expect(valueOf(text, 'impulso_webhooks_received_total', { provider: 'asaas' })).toBe(1);
    expect(
      valueOf(text, 'impulso_webhooks_rejected_total', { provider: 'asaas', reason: 'unauthenticated' }),
    ).toBe(1);
  });

  it("keeps each instance's own counters", async () => {
    expect((await placeOrder(one)).statusCode).toBe(201);
    expect((await placeOrder(one)).statusCode).toBe(201);
    expect(valueOf(await scrape(one), 'impulso_orders_created_total', { method: 'pix' })).toBe(2);
    expect(valueOf(await scrape(two), 'impulso_orders_created_total', { method: 'pix' })).toBeUndefined();
  });
});
