import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { deliveries } from '#server/db/schema/index.ts';
import type { FulfilmentPanel } from '#server/fulfilment/panel.ts';
import { openDatabase } from '#server/db/client.ts';
import { startFakeSmmPanel, type FakeSmmPanel } from '../fake-smm/fake-smm-panel';
import { startAsaasTestApp, type AsaasTestApp } from '../helpers/asaas-test-app';
import { startFulfilmentTestApp } from '../helpers/fulfilment-app';
import { newKey, orderRequest } from '../helpers/order-request';
import { createTestApp } from '../helpers/test-app';

// Exactly one `add` per delivery (issue 11): the panel has no idempotency key, so duplicates must be
// stopped on our side — duplicate webhooks, webhook racing reconciliation, two instances, a crash.

const webhookToken = 'whsec_fulfilment_123_0123456789abcdefghij';
let panel: FakeSmmPanel;
let asaas: AsaasTestApp;

const smmEnv = (p: FakeSmmPanel) => ({
  FULFILMENT_PROVIDER: 'smm',
  SMM_API_URL: p.url,
  SMM_API_KEY: p.apiKey,
  SMM_SERVICE_FOLLOWERS: '101',
  SMM_SERVICE_LIKES: '102',
  SMM_SERVICE_VIEWS: '103',
});

beforeAll(async () => {
  panel = await startFakeSmmPanel();
  asaas = await startAsaasTestApp(webhookToken, { ...smmEnv(panel), RECONCILE_INTERVAL_SECONDS: '5' });
});
afterAll(async () => {
  await asaas.close();
  await panel.close();
});

const addsFor = (handle: string) =>
  panel.calls.filter((c) => c.action === 'add' && c.fields.link?.includes(handle));

describe('exactly one add per delivery', () => {
  it('under duplicate webhooks racing reconciliation', async () => {
    const { app, fake } = asaas;
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': newKey() },
      payload: orderRequest({
        instagram: '@corrida.webhooks',
        addOns: ['likes'],
        addOnLinks: { likes: 'https://www.instagram.com/p/CORRIDA1/' },
      }),
    });
    const orderId = res.json().order.id as string;
    const charge = [...fake.payments.values()].find((p) => p.externalReference === orderId)!;
    charge.status = 'RECEIVED';
    const event = (id: string) => ({
      id,
      event: 'PAYMENT_RECEIVED',
      payment: { object: 'payment', id: charge.id, status: 'RECEIVED', value: 109.9 },
    });
    // The same event redelivered, other events for the same payment, and reconciliation, all at once;
    // the job runner drains while they land.
    await Promise.all([
      ...Array.from({ length: 10 }, () =>
        app.server.inject({
          method: 'POST',
          url: '/api/webhooks/asaas',
          headers: { 'asaas-access-token': webhookToken },
          payload: event('evt_dup'),
        }),
      ),
      ...Array.from({ length: 5 }, (_, i) =>
        app.server.inject({
          method: 'POST',
          url: '/api/webhooks/asaas',
          headers: { 'asaas-access-token': webhookToken },
          payload: event(`evt_other_${i}`),
        }),
      ),
      app.reconciler.runOnce(),
      app.reconciler.runOnce(),
      app.jobs.drain(),
    ]);
    await app.jobs.drain();
    await app.reconciler.runOnce();
    await app.jobs.drain();
    const rows = await app.database.db.select().from(deliveries).where(eq(deliveries.orderId, orderId));
    expect(rows.map((d) => d.itemKey).sort()).toEqual(['add_on:likes', 'package']);
    expect(addsFor('corrida.webhooks')).toHaveLength(1);
    expect(addsFor('CORRIDA1')).toHaveLength(1);
  });
});

describe('a crash between the call and storing the panel id', () => {
  it("leaves the delivery 'a conferir' after the job is retried, and the panel got one add", async () => {
    let crash = true;
    const t = await startFulfilmentTestApp(
      {},
      {
        panel,
        // The process dies after the panel took the order and before the answer was stored.
        wrapPanel: (real: FulfilmentPanel) => ({
          ...real,
          async add(request) {
            const outcome = await real.add(request);
            if (crash) {
              crash = false;
              throw new Error('process killed (simulated)');
            }
            return outcome;
          },
        }),
      },
    );
    try {
      const orderId = await t.paidOrder({ instagram: '@queda.no.meio' });
      await t.app.jobs.drain();
      const [midway] = await t.deliveriesOf(orderId);
      expect(midway!.state).toBe('submitting');
      // The job is retried once its back-off is over, as after a restart.
      t.advance(10 * 60_000);
      await t.app.jobs.drain();
      const [after] = await t.deliveriesOf(orderId);
      expect(after).toMatchObject({ state: 'unknown', panelOrderId: null });
      expect(addsFor('queda.no.meio')).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two app instances on one PostgreSQL', () => {
  it('running jobs side by side submit each delivery once', async () => {
    panel.balance = 1_000_000;
    const first = await startFulfilmentTestApp({}, { panel });
    const url = (first.app.database as { url?: string }).url!;
    const otherDb = await openDatabase({ url, migrationsFolder: 'drizzle', poolSize: 5 });
    const second = await createTestApp(
      { ...smmEnv(panel), SMM_TIMEOUT_MS: '2000' },
      { database: otherDb, clock: first.now },
    );
    try {
      const ids: string[] = [];
      for (let i = 0; i < 20; i++) ids.push(await first.paidOrder({ instagram: `@duas.instancias${i}` }));
      await Promise.all([
        first.app.jobs.drain(),
        second.jobs.drain(),
        first.app.jobs.drain(),
        second.jobs.drain(),
      ]);
      for (let i = 0; i < 20; i++) expect(addsFor(`duas.instancias${i}/`)).toHaveLength(1);
      const rows = (await Promise.all(ids.map((id) => first.deliveriesOf(id)))).flat();
      const states = rows.map((d) => d.state);
      expect(new Set(states)).toEqual(new Set(['pending']));
    } finally {
      await second.close();
      await otherDb.close();
      await first.close();
    }
  });
});
