import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries } from '#server/db/schema/index.ts';
import { startFulfilmentTestApp, type FulfilmentTestApp } from '../helpers/fulfilment-app';
import { orderProof } from '../helpers/order-request';

// Status from the panel (issue 11): polled in batches of at most 100 ids, each delivery once an interval;
// the order follows its deliveries, the buyer hears when delivery starts and ends, the owner of a partial.

let t: FulfilmentTestApp;
beforeAll(async () => {
  t = await startFulfilmentTestApp({ SMM_SYNC_INTERVAL_SECONDS: '600' });
});
afterAll(() => t.close());

const interval = 600_000;
const sync = async () => {
  t.advance(interval + 1000);
  const run = await t.app.fulfilment.sync.runOnce();
  await t.app.jobs.drain();
  return run;
};
const panelIdOf = async (orderId: string) => (await t.deliveriesOf(orderId))[0]!.panelOrderId!;
const subjects = async (to: string) => (await t.emailsTo(to)).map((e) => e.subject);

describe('status sync', () => {
  it('processando → em transporte → concluído, with the e-mails, as the panel reports', async () => {
    const orderId = await t.paidOrder({ instagram: '@segue.status', email: 'caio@exemplo.com' });
    await t.app.jobs.drain();
    expect((await t.orderRow(orderId)).status).toBe('processando');
    const panelId = await panelIdOf(orderId);

    t.panel.setStatus(panelId, 'In progress', 600);
    await sync();
    expect((await t.orderRow(orderId)).status).toBe('em_transporte');
    const view = (await t.app.server.inject({ url: `/api/orders/${orderId}` })).json();
    expect(view.fulfilment.deliveries[0]).toMatchObject({
      state: 'in_progress',
      quantity: 1000,
      delivered: 400,
    });

    t.panel.setStatus(panelId, 'Completed');
    await sync();
    expect((await t.orderRow(orderId)).status).toBe('concluido');
    const mails = await subjects('caio@exemplo.com');
    expect(mails.filter((s) => s.startsWith('Entrega em andamento'))).toHaveLength(1);
    expect(mails.filter((s) => s.startsWith('Entrega concluída'))).toHaveLength(1);
    // Later syncs leave a finished delivery alone.
    const calls = t.panel.calls.length;
    await sync();
    expect(t.panel.calls.slice(calls).some((c) => c.fields.orders?.includes(panelId))).toBe(false);
  });

  it('a delivery asked about is not asked again within the interval', async () => {
    const orderId = await t.paidOrder({ instagram: '@uma.vez.por.intervalo' });
    await t.app.jobs.drain();
    const panelId = await panelIdOf(orderId);
    await sync();
    const calls = t.panel.calls.length;
    t.advance(60_000);
    await t.app.fulfilment.sync.runOnce();
    expect(t.panel.calls.slice(calls).some((c) => c.fields.orders?.includes(panelId))).toBe(false);
  });

  it('a status answered 503 or 429 changes nothing; the next interval reads it', async () => {
    const orderId = await t.paidOrder({ instagram: '@status.indisponivel' });
    await t.app.jobs.drain();
    const panelId = await panelIdOf(orderId);
    t.panel.setStatus(panelId, 'Completed');
    for (const fault of [{ kind: 'error503' }, { kind: 'rate_limited' }] as const) {
      t.panel.failNext('status', fault, (f) => f.orders?.includes(panelId) ?? false);
      await sync();
      expect((await t.deliveriesOf(orderId))[0]).toMatchObject({ state: 'pending', remains: null });
    }
    await sync();
    expect((await t.deliveriesOf(orderId))[0]).toMatchObject({ state: 'completed', remains: 0 });
    expect((await t.orderRow(orderId)).status).toBe('concluido');
  });

  it('partial: shows what was delivered, needs the operator, alerts the owner once', async () => {
    const orderId = await t.paidOrder({ instagram: '@parcial' });
    await t.app.jobs.drain();
    t.panel.setStatus(await panelIdOf(orderId), 'Partial', 250);
    await sync();
    await sync();
    const [delivery] = await t.deliveriesOf(orderId);
    expect(delivery).toMatchObject({ state: 'partial', remains: 250 });
    expect((await t.orderRow(orderId)).status).toBe('em_transporte');
    expect(
      (await subjects('dona@impulso.example')).filter((s) => s === '[Impulso] Entrega parcial'),
    ).toHaveLength(1);
    const view = (await t.app.server.inject({ url: `/api/orders/${orderId}` })).json();
    expect(view.fulfilment.deliveries[0]).toMatchObject({ state: 'partial', delivered: 750 });
  });

  it('asks at most 100 ids per call: 250 open deliveries in 3 calls', async () => {
    // Open deliveries straight into the table, each a real order at the fake panel.
    const orderId = await t.paidOrder({ instagram: '@lote' });
    await t.app.jobs.drain();
    await sync(); // everything open so far is checked now
    const rows: Array<typeof deliveries.$inferInsert> = [];
    for (let i = 0; i < 250; i++) {
      const id = String(900000 + i);
      t.panel.orders.set(id, {
        id,
        service: '101',
        link: 'https://www.instagram.com/lote/',
        quantity: 100,
        runs: null,
        interval: null,
        status: 'In progress',
        remains: 50,
        startCount: 10,
        charge: 0.95,
      });
      rows.push({
        orderId,
        itemKey: `bulk-${i}`,
        product: 'followers',
        link: 'https://www.instagram.com/lote/',
        quantity: 100,
        state: 'pending',
        dueAt: t.now(),
        panelOrderId: id,
      });
    }
    await t.app.database.db.insert(deliveries).values(rows);
    const calls = t.panel.calls.length;
    t.advance(1000);
    const run = await t.app.fulfilment.sync.runOnce();
    const statusCalls = t.panel.calls.slice(calls).filter((c) => c.action === 'status');
    expect(run.claimed).toBe(250);
    expect(statusCalls).toHaveLength(3);
    expect(Math.max(...statusCalls.map((c) => c.fields.orders!.split(',').length))).toBeLessThanOrEqual(100);
    const states = (await t.deliveriesOf(orderId)).filter((d) => d.itemKey.startsWith('bulk-'));
    expect(states.every((d) => d.state === 'in_progress' && d.remains === 50)).toBe(true);
  });
});

describe('refill', () => {
  it('offered within the guarantee once delivered, at most once per 24 h, shown to the buyer', async () => {
    const orderId = await t.paidOrder({ instagram: '@repoe' });
    await t.app.jobs.drain();
    const refill = () =>
      t.app.server.inject({
        method: 'POST',
        url: `/api/orders/${orderId}/refill`,
        headers: orderProof(orderId),
      });
    expect((await refill()).statusCode).toBe(409); // not delivered yet
    t.panel.setStatus(await panelIdOf(orderId), 'Completed');
    await sync();
    let view = (await t.app.server.inject({ url: `/api/orders/${orderId}` })).json();
    expect(view.fulfilment.refill).toEqual({ available: true, nextAt: null });

    expect((await refill()).statusCode).toBe(200);
    expect(t.panel.refills.size).toBeGreaterThan(0);
    view = (await t.app.server.inject({ url: `/api/orders/${orderId}` })).json();
    expect(view.fulfilment.deliveries[0].refillStatus).toBe('pending');
    expect(view.fulfilment.refill.available).toBe(false);
    const again = await refill();
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe(
      'Você já pediu uma reposição nas últimas 24 horas. Tente de novo depois.',
    );

    // The panel finishes the refill; a day later a new one may be asked for.
    const refillId = (await t.deliveriesOf(orderId))[0]!.refillId!;
    t.panel.refills.get(refillId)!.status = 'Completed';
    await sync();
    expect((await t.deliveriesOf(orderId))[0]!.refillStatus).toBe('completed');
    t.advance(24 * 3_600_000);
    expect((await refill()).statusCode).toBe(200);

    // Past the 30-day guarantee of followers: no more refills.
    t.advance(31 * 86_400_000);
    view = (await t.app.server.inject({ url: `/api/orders/${orderId}` })).json();
    expect(view.fulfilment.refill.available).toBe(false);
    expect((await refill()).statusCode).toBe(409);
  });

  it('not offered for a service without refill (views)', async () => {
    const orderId = await t.paidOrder({
      item: { type: 'views', amount: 1000 },
      postLink: 'https://www.instagram.com/reel/SEMREFIL/',
    });
    await t.app.jobs.drain();
    t.panel.setStatus(await panelIdOf(orderId), 'Completed');
    await sync();
    const view = (await t.app.server.inject({ url: `/api/orders/${orderId}` })).json();
    expect(view.fulfilment.refill.available).toBe(false);
  });
});

describe('monthly plans', () => {
  it('a service without drip-feed: the month becomes 30 daily deliveries the app submits day by day', async () => {
    const orderId = await t.paidOrder({
      item: { type: 'recurring', plan: 'iniciante' },
      instagram: '@plano.diario',
    });
    await t.app.jobs.drain();
    const days = await t.deliveriesOf(orderId);
    expect(days).toHaveLength(30);
    expect(new Set(days.map((d) => d.quantity))).toEqual(new Set([20])); // 16–25 a day
    const gaps = days.slice(1).map((d, i) => d.dueAt.getTime() - days[i]!.dueAt.getTime());
    expect(new Set(gaps)).toEqual(new Set([86_400_000]));
    const adds = () =>
      t.panel.calls.filter((c) => c.action === 'add' && c.fields.link?.includes('plano.diario'));
    expect(adds()).toHaveLength(1);
    t.advance(86_400_000);
    await t.app.jobs.drain();
    expect(adds()).toHaveLength(2);
    expect(adds()[1]!.fields.quantity).toBe('20');
  });

  it('a service with drip-feed: one order of 30 runs, one a day', async () => {
    t.panel.services[0]!.dripfeed = true;
    t.advance(11 * 60_000); // the app reads `services` again after 10 minutes
    try {
      const orderId = await t.paidOrder({
        item: { type: 'recurring', plan: 'avancado' },
        instagram: '@plano.gota',
      });
      await t.app.jobs.drain();
      // The followers' month is one row (the plan's components are rows of their own).
      expect((await t.deliveriesOf(orderId)).filter((d) => !d.component)).toHaveLength(1);
      const add = t.panel.calls.filter((c) => c.action === 'add' && c.fields.link?.includes('plano.gota'));
      expect(add.map((c) => c.fields)).toEqual([
        {
          service: '101',
          link: 'https://www.instagram.com/plano.gota/',
          quantity: '62',
          runs: '30',
          interval: '1440',
        },
      ]);
      const view = (await t.app.server.inject({ url: `/api/orders/${orderId}` })).json();
      expect(view.fulfilment.deliveries[0].quantity).toBe(1860);
    } finally {
      t.panel.services[0]!.dripfeed = false;
    }
  });
});
