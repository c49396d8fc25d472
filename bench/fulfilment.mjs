// `npm run bench:fulfilment` (issue 11): the delivery side of one instance against the fake SMM panel
// (tests/fake-smm) answering every call in 200 ms, on a fresh PostgreSQL database.
//  1. Status sync: 10,000 open deliveries; wall time until every one has its panel status, and the number
//     of `status` calls (each ≤ 100 ids).
//  2. Submission: 2,000 queued deliveries released at once; throughput through the job queue with its
//     bounded concurrency. Target: ≥ 50 deliveries/s.
//  3. Plan renewals (bench/plan-renewals.mjs): 10,000 active plans renewing in one day. Target: ≥ 50/s.
import pg from 'pg';
import { startFakeAsaas } from '../tests/fake-asaas/fake-asaas-server.ts';
import { smmPanelEnv, startFakeSmmPanel } from '../tests/fake-smm/fake-smm-panel.ts';
import { startServer, stopServer } from './lib.mjs';
import { benchRenewals } from './plan-renewals.mjs';

const port = Number(process.env.BENCH_PORT ?? 3298);
const openDeliveries = Number(process.env.DELIVERIES ?? 10_000);
const submissions = Number(process.env.SUBMISSIONS ?? 2000);
const renewals = Number(process.env.RENEWALS ?? 10_000);
const submitTarget = 50;
const webhookToken = 'whsec_bench_renewals_0123456789abcdefghij';
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `impulso_bench_fulfilment_${Date.now()}`;

const panel = await startFakeSmmPanel();
panel.balance = 1e9;
// A plan's followers as one drip-feed order a month (read by the app's service cache from the start).
panel.services.find((s) => s.service === 101).dripfeed = true;
// Renewals arrive as the provider's webhooks: the app runs Asaas, against the fake.
const asaas = await startFakeAsaas();
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
const db = new pg.Client({ connectionString: url.toString() });
let server;
let failed = false;
const waitFor = async (query, label, timeoutMs = 300_000) => {
  const started = performance.now();
  for (;;) {
    const { rows } = await db.query(query);
    if (rows[0].n === 0) return;
    if (performance.now() - started > timeoutMs)
      throw new Error(`${label}: ${rows[0].n} left after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
try {
  server = await startServer({
    port,
    env: {
      DATABASE_URL: url.toString(),
      ...smmPanelEnv(panel),
      PAYMENT_PROVIDER: 'asaas',
      ASAAS_API_URL: asaas.url,
      ASAAS_API_KEY: asaas.apiKey,
      ASAAS_WEBHOOK_TOKEN: webhookToken,
      // The shortest interval: each tick (1 s) claims what is due, so the first pass starts at once.
      SMM_SYNC_INTERVAL_SECONDS: '10',
    },
  });
  await db.connect();
  panel.latencyMs = 200;

  // 1. Sync.
  for (let i = 0; i < openDeliveries; i++) {
    const id = String(5_000_000 + i);
    panel.orders.set(id, {
      id,
      service: '101',
      link: `https://www.instagram.com/perfil${i}/`,
      quantity: 1000,
      runs: null,
      interval: null,
      status: 'In progress',
      remains: 400,
      startCount: 100,
      charge: 9.5,
    });
  }
  const callsBefore = panel.calls.length;
  const syncStarted = performance.now();
  await db.query(
    `insert into deliveries (order_id, item_key, product, link, quantity, state, due_at, panel_order_id)
     select gen_random_uuid(), 'package', 'followers', 'https://www.instagram.com/perfil' || i || '/', 1000,
       'pending', now(), (5000000 + i)::text
     from generate_series(0, $1 - 1) i`,
    [openDeliveries],
  );
  await waitFor(`select count(*)::int as n from deliveries where state = 'pending'`, 'sync');
  const syncSeconds = (performance.now() - syncStarted) / 1000;
  const statusCalls = panel.calls.slice(callsBefore).filter((c) => c.action === 'status');
  const maxIds = Math.max(...statusCalls.map((c) => c.fields.orders.split(',').length));
  const idsAsked = statusCalls.reduce((n, c) => n + c.fields.orders.split(',').length, 0);
  console.log(
    `bench:fulfilment sync: ${openDeliveries} open deliveries synced in ${syncSeconds.toFixed(1)} s ` +
      `with ${statusCalls.length} status calls (≤ ${maxIds} ids each, ${idsAsked} ids asked) against a panel answering in 200 ms; ` +
      `floor set by the panel: ${((statusCalls.length * 0.2) / 4).toFixed(1)} s (4 calls in flight)`,
  );
  failed ||= maxIds > 100 || idsAsked > openDeliveries * 1.05;
  await db.query(`update deliveries set state = 'completed'`);

  // 2. Submission.
  await db.query(
    `with rows as (
       insert into deliveries (order_id, item_key, product, link, quantity, state, due_at)
       select gen_random_uuid(), 'package', 'followers', 'https://www.instagram.com/novo' || i || '/', 500, 'queued', now()
       from generate_series(1, $1) i
       returning id)
     insert into jobs (kind, payload, run_at)
     select 'submit_delivery', json_build_object('deliveryId', id)::jsonb, now() + interval '1 day' from rows`,
    [submissions],
  );
  const addsBefore = panel.addCalls();
  const submitStarted = performance.now();
  await db.query(`update jobs set run_at = 'epoch' where kind = 'submit_delivery'`);
  await waitFor(
    `select count(*)::int as n from deliveries where state in ('queued', 'submitting')`,
    'submission',
  );
  const submitSeconds = (performance.now() - submitStarted) / 1000;
  const rate = submissions / submitSeconds;
  const adds = panel.addCalls() - addsBefore;
  const { rows } = await db.query(
    `select state, count(*)::int as n from deliveries where item_key = 'package' and state <> 'completed' group by state`,
  );
  console.log(
    `bench:fulfilment submit: ${submissions} deliveries submitted in ${submitSeconds.toFixed(1)} s = ${Math.round(rate)}/s ` +
      `(target ≥ ${submitTarget}); ${adds} add calls; states ${JSON.stringify(rows)}; ` +
      `floor set by the panel: ${((submissions * 0.2) / 40).toFixed(1)} s (40 submissions in flight)`,
  );
  failed ||= rate < submitTarget || adds !== submissions;
  await db.query(`update deliveries set state = 'completed'`);

  // 3. Plan renewals.
  const renewed = await benchRenewals({
    db,
    panel,
    baseUrl: `http://127.0.0.1:${port}`,
    webhookToken,
    plans: renewals,
    waitFor,
  });
  failed ||= !renewed;
} finally {
  await stopServer(server);
  await db.end().catch(() => undefined);
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  await panel.close();
  await asaas.close();
}
process.exit(failed ? 1 : 0);
