// `npm run bench:orders`: autocannon against POST /api/orders (PIX, sandbox) and GET /api/health on the
// built server, first on PostgreSQL (a fresh database), then on the embedded PGlite; each time without and
// with a coupon on every order, alternating (issue 13: within 10 % of the runs without, in the same run).
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchOrder, root, startServer, stopServer } from './lib.mjs';

const port = Number(process.env.BENCH_PORT ?? 3298);
const base = `http://127.0.0.1:${port}`;
const seconds = Number(process.env.DURATION ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 64);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const order = benchOrder('bench@exemplo.com');
// Many buyers, as a real burst is: each request comes from its own address (through one trusted proxy
// hop) with its own e-mail, so the abuse limits (issue 9 §4) count them apart and stay in force.
const benchEnv = { TRUST_PROXY: '1' };
let buyer = 0;
const nextBuyer = () => {
  buyer += 1;
  return {
    ip: `10.${(buyer >> 16) & 255}.${(buyer >> 8) & 255}.${buyer & 255}`,
    email: `bench-${buyer}@exemplo.com`,
  };
};

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections, duration: seconds, ...options }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

const adminEmail = 'dona@impulso.example';
const adminPassword = 'senha-do-bench-123';

/** The operator, made with admin:create before the server starts, creates the coupon through the panel's API. */
async function createCoupon(code) {
  const login = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: adminEmail, password: adminPassword }),
  });
  const cookie = login.headers.get('set-cookie')?.split(';')[0];
  const created = await fetch(`${base}/api/admin/coupons`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ code, kind: 'percent', percent: 10 }),
  });
  if (created.status !== 201)
    throw new Error(`coupon not created: ${created.status} ${await created.text()}`);
}

function ordersRun(coupon) {
  return run({
    url: `${base}/api/orders`,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // One idempotency key and one buyer per request: every request is a new order.
        setupRequest: (request) => {
          const { ip, email } = nextBuyer();
          return {
            ...request,
            body: JSON.stringify({ ...order, email, ...(coupon ? { couponCode: 'BENCH10' } : {}) }),
            headers: { ...request.headers, 'idempotency-key': randomUUID(), 'x-forwarded-for': ip },
          };
        },
      },
    ],
  });
}

/**
 * One server on one database; orders without and with the coupon alternate (A B A B), so both meet the
 * same database state and the same background work (autovacuum, a neighbour's checkpoint). Run one after
 * the other on two databases, the second always came out 6–27 % slower whatever it did.
 */
async function measure(label, env) {
  const fullEnv = { ...process.env, ...benchEnv, ADMIN_EMAIL: adminEmail, ...env };
  execFileSync(
    process.execPath,
    [path.join(root, 'dist/server/admin-create.js'), '--email', adminEmail, '--password', adminPassword],
    { env: fullEnv, stdio: 'ignore' },
  );
  const server = await startServer({ port, env: { ...benchEnv, ADMIN_EMAIL: adminEmail, ...env } });
  try {
    await createCoupon('BENCH10');
    // Warm-up: JIT, connection pool, first pages of the indexes.
    await run({ url: `${base}/api/health`, duration: 2 });
    const runs = { plain: [], coupon: [] };
    for (const coupon of [false, true, false, true])
      runs[coupon ? 'coupon' : 'plain'].push(await ordersRun(coupon));
    const health = await run({ url: `${base}/api/health` });
    const row = (name, list) => ({
      database: label,
      endpoint: name,
      'req/s': Math.round(list.reduce((sum, r) => sum + r['2xx'], 0) / (seconds * list.length)),
      'p50 ms': Math.max(...list.map((r) => r.latency.p50)),
      'p99 ms': Math.max(...list.map((r) => r.latency.p99)),
      errors: list.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
    });
    const plain = row('POST /api/orders', runs.plain);
    const withCoupon = row('POST /api/orders + coupon', runs.coupon);
    withCoupon['vs plain'] = `${Math.round((withCoupon['req/s'] / plain['req/s'] - 1) * 100)} %`;
    return [plain, withCoupon, row('GET /api/health', [health])];
  } finally {
    await stopServer(server);
  }
}

const results = [];
const dbName = `impulso_bench_${Date.now()}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
try {
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  results.push(...(await measure('PostgreSQL', { DATABASE_URL: url.toString() })));
} finally {
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
results.push(...(await measure('PGlite', { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'impulso-bench-')) })));

console.log(
  `autocannon: ${connections} connections, ${seconds} s per run (targets: PostgreSQL ≥ 1,500 orders/s with p99 ≤ 50 ms; PGlite ≥ 300/s)`,
);
console.table(results);
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, 'bench/results/orders.json'), JSON.stringify(results, null, 2));
