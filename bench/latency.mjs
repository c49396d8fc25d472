// `npm run bench:latency`: latency at a fixed arrival rate on PostgreSQL, each figure beside /api/health at
// the same rate, taken in the same run (docs/benchmarks.md). The order path (issue 29 §2,
// bench/order-path.mjs): every limit at its default, many buyers from many addresses, warm at RATES, cold at
// COLD_RATE (two fresh servers), saturated with CONNECTIONS in a closed loop; BASELINE=<a built checkout>
// runs the same against it first. Targets: 2,000 orders/s warm and 1,000/s cold with p99 ≤ 50 ms and no
// error, ≥ 3,000 orders/s saturated; lookups (their limits raised: one lookup list of 300 buyers) at
// LOOKUP_RATE → p99 ≤ 30 ms. Exits 1 when one is missed. DURATION (s) is each run's length.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { benchOrder, freshPostgres, root, startServer, stopServer } from './lib.mjs';
import { openLoop } from './open-loop.mjs';
import { orderPathRuns } from './order-path.mjs';

const port = Number(process.env.BENCH_PORT ?? 3295);
const base = `http://127.0.0.1:${port}`;
const seconds = Number(process.env.DURATION ?? 20);
const rates = (process.env.RATES ?? '500,1000,1500,2000').split(',').map(Number);
const coldRate = Number(process.env.COLD_RATE ?? 1000);
const connections = Number(process.env.CONNECTIONS ?? 64);
const lookupRate = Number(process.env.LOOKUP_RATE ?? 500);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const pathOptions = { port, adminUrl, rates, seconds, coldRate, connections };
const pathRows = [];
if (process.env.BASELINE) {
  pathRows.push(...(await orderPathRuns({ ...pathOptions, root: process.env.BASELINE, label: 'baseline' })));
}
pathRows.push(...(await orderPathRuns({ ...pathOptions, root, label: 'this build' })));
console.log("order path: open loop (latency from each request's due time) and closed loop, PostgreSQL");
console.table(pathRows);

let buyer = 0;
const order = () => benchOrder(`latencia-${(buyer += 1)}@exemplo.com`);
const placeOrder = () => ({
  method: 'POST',
  path: '/api/orders',
  body: order(),
  headers: {
    'idempotency-key': randomUUID(),
    'x-forwarded-for': `10.9.${(buyer >> 8) & 255}.${buyer & 255}`,
  },
});

const database = await freshPostgres(adminUrl, 'impulso_bench_latency');
const server = await startServer({
  port,
  env: {
    DATABASE_URL: database.url,
    TRUST_PROXY: '1',
    LOOKUP_LIMIT_PER_IP: '100000000',
    LOOKUP_LIMIT_PER_EMAIL: '100000000',
  },
  stdio: 'ignore',
});
/** Seconds from `since` until every order's receipt e-mail was sent (at most 5 minutes). */
async function secondsUntilReceiptsSent(url, since) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (;;) {
      const { rows } = await client.query(`select
        (select count(*) from orders where receipt_queued_at is null)
        + (select count(*) from jobs where kind = 'order_received_email' and done_at is null) as left`);
      if (Number(rows[0].left) === 0 || Date.now() - since > 300_000) return (Date.now() - since) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await client.end();
  }
}

const rows = [];
let receiptsSeconds;
try {
  // Warm-up, then orders to look up.
  await openLoop(base, { rate: 200, seconds: 3, next: () => ({ path: '/api/health' }) });
  const pairs = [];
  for (let i = 0; i < 300; i++) {
    const request = placeOrder();
    const res = await fetch(`${base}${request.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...request.headers },
      body: JSON.stringify(request.body),
    });
    pairs.push({ email: request.body.email, code: (await res.json()).order.purchaseCode });
  }
  const health = () => ({ path: '/api/health' });
  const lookup = (i) => ({ method: 'POST', path: '/api/orders/lookup', body: pairs[i % pairs.length] });

  // Orders at the cold rate, for the receipts that wait behind them.
  await openLoop(base, { rate: coldRate, seconds, next: placeOrder });
  const burstEnded = Date.now();
  rows.push({
    endpoint: 'GET /api/health',
    ...(await openLoop(base, { rate: lookupRate, seconds, next: health })),
  });
  rows.push({
    endpoint: 'POST /api/orders/lookup',
    ...(await openLoop(base, { rate: lookupRate, seconds, next: lookup })),
    target: 'p99 ≤ 30 ms',
  });
  // The receipts wait while the orders keep the server busy (jobs/job-queue.ts): when did the last leave?
  receiptsSeconds = await secondsUntilReceiptsSent(database.url, burstEnded);
} finally {
  await stopServer(server);
  await database.drop();
}
console.log(`lookups: open loop, ${seconds} s per run, PostgreSQL; latency from each request's due time`);
console.table(rows);
console.log(`every receipt e-mail sent ${receiptsSeconds.toFixed(1)} s after ${coldRate} orders/s ended`);
const ours = pathRows.filter((row) => row.build === 'this build');
const missed = [];
const at2000 = ours.find((row) => row.run === 'warm: POST /api/orders' && row.rate === 2000);
if (!at2000 || at2000['p99 ms'] > 50 || at2000.errors > 0) missed.push('orders at 2,000/s');
for (const cold of ours.filter((row) => row.run.startsWith('cold') && row.run.endsWith('orders'))) {
  if (cold['p99 ms'] > 50 || cold.errors > 0) missed.push(cold.run);
}
const saturated = ours.find((row) => row.run.startsWith('closed loop'));
if (saturated['orders/s'] < 3000 || saturated.errors > 0) missed.push('saturated orders/s');
const lookups = rows[1];
if (lookups['p99 ms'] > 30 || lookups.errors > 0) missed.push('lookup');
if (missed.length) {
  console.error(`target missed: ${missed.join(', ')}`);
  process.exit(1);
}
console.log('targets met');
