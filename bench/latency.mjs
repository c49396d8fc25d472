// `npm run bench:latency` (issue 14 §6): latency at a fixed arrival rate on PostgreSQL, each figure beside
// /api/health at the same rate, taken in the same run. Targets: POST /api/orders at 1,000/s for 30 s →
// p99 ≤ 50 ms and 0 errors; POST /api/orders/lookup at 500/s → p99 ≤ 30 ms. Exits 1 when one is missed.
// ORDERS_RATE, LOOKUP_RATE and DURATION (s) change the load.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { benchOrder, freshPostgres, startServer, stopServer } from './lib.mjs';
import { openLoop } from './open-loop.mjs';

const port = Number(process.env.BENCH_PORT ?? 3295);
const base = `http://127.0.0.1:${port}`;
const seconds = Number(process.env.DURATION ?? 30);
const ordersRate = Number(process.env.ORDERS_RATE ?? 1000);
const lookupRate = Number(process.env.LOOKUP_RATE ?? 500);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

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
    ORDERS_LIMIT_PER_IP: '100000000',
    UNPAID_ORDERS_LIMIT_PER_EMAIL: '100000000',
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

  rows.push({
    endpoint: 'GET /api/health',
    ...(await openLoop(base, { rate: ordersRate, seconds, next: health })),
  });
  rows.push({
    endpoint: 'POST /api/orders',
    ...(await openLoop(base, { rate: ordersRate, seconds, next: placeOrder })),
    target: 'p99 ≤ 50 ms, 0 errors',
  });
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
console.log(`open loop, ${seconds} s per run, PostgreSQL; latency from each request's due time`);
console.table(rows);
console.log(`every receipt e-mail sent ${receiptsSeconds.toFixed(1)} s after the orders ended`);
const orders = rows[1];
const lookups = rows[3];
const missed = [];
if (orders['p99 ms'] > 50 || orders.errors > 0) missed.push('orders');
if (lookups['p99 ms'] > 30 || lookups.errors > 0) missed.push('lookup');
if (missed.length) {
  console.error(`target missed: ${missed.join(', ')}`);
  process.exit(1);
}
console.log('targets met');
