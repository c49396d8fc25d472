import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { PgPreparedQuery } from 'drizzle-orm/pg-core';
import { deliveries, jobs, orders, subscriptions } from '#server/db/schema/index.ts';
import { smmPanelEnv, startFakeSmmPanel, type FakeSmmPanel } from '../fake-smm/fake-smm-panel';
import { planByCard, startAsaasTestApp, type AsaasTestApp } from '../helpers/asaas-test-app';
import { newKey, orderRequest } from '../helpers/order-request';

// Issue 26 §6: a plan's renewal (the provider's PAYMENT_RECEIVED webhook of a subscription charge → the
// month's order, paid → its four deliveries and their jobs) is what `bench:fulfilment` part 3 runs 10,000
// times a day. Its cost is counted here in SQL statements, so a change that adds a round trip fails. On
// PostgreSQL `begin` and `commit` are statements of their own; PGlite runs them inside its transaction.

const token = 'whsec_renewal_queries_0123456789abcdefgh';
let panel: FakeSmmPanel;
let asaas: AsaasTestApp;

beforeAll(async () => {
  panel = await startFakeSmmPanel();
  asaas = await startAsaasTestApp(token, smmPanelEnv(panel));
});
afterAll(async () => {
  await asaas.close();
  await panel.close();
});

const db = () => asaas.app.database.db;

/** Every statement the app sends through Drizzle (both drivers) while `run` runs. */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const prototype = PgPreparedQuery.prototype as unknown as {
    queryWithCache: (queryString: string, ...rest: unknown[]) => Promise<unknown>;
  };
  const original = prototype.queryWithCache;
  const spy = vi.spyOn(prototype, 'queryWithCache').mockImplementation(function (
    this: unknown,
    queryString: string,
    ...rest: unknown[]
  ) {
    sent.push(queryString);
    return original.call(this, queryString, ...rest);
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return sent;
}

it('a renewal runs a bounded number of SQL statements', async () => {
  const res = await asaas.app.server.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'idempotency-key': newKey() },
    payload: orderRequest(planByCard('@plano.contado')),
  });
  const firstId = res.json().order.id as string;
  await asaas.app.jobs.drain();
  const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.firstOrderId, firstId));
  const renew = (n: number) =>
    asaas.app.server.inject({
      method: 'POST',
      url: '/api/webhooks/asaas',
      headers: { 'asaas-access-token': token },
      payload: {
        id: `evt_contado_${n}`,
        event: 'PAYMENT_RECEIVED',
        payment: {
          id: `pay_contado_${n}`,
          status: 'RECEIVED',
          subscription: sub!.providerSubscriptionId,
          billingType: 'CREDIT_CARD',
          value: 197,
        },
      },
    });
  // The first renewal warms what is cached per instance (the catalogue); the second is counted.
  await renew(2);
  const sent = await statementsOf(() => renew(3));
  const month = await db().select().from(orders).where(eq(orders.idempotencyKey, 'asaas:pay_contado_3'));
  expect(month[0]).toMatchObject({ paymentStatus: 'paid', status: 'processando' });
  const made = await db().select().from(deliveries).where(eq(deliveries.orderId, month[0]!.id));
  expect(made.map((d) => d.itemKey).sort()).toEqual([
    'plan',
    'plan:likes_per_post',
    'plan:story_views',
    'plan:video_views',
  ]);
  const queued = await db().select().from(jobs).where(eq(jobs.kind, 'submit_delivery'));
  expect(queued.filter((j) => made.some((d) => d.id === j.payload.deliveryId))).toHaveLength(4);
  const limit = asaas.app.database.kind === 'postgres' ? 19 : 17;
  // Before (issue 26's first slices): 28 on PGlite, 30 on PostgreSQL.
  expect(sent.length, sent.join('\n')).toBeLessThanOrEqual(limit);
});
