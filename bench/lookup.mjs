// `npm run bench:lookup`: autocannon on POST /api/orders/lookup (the limiter set high) against the built
// server on PostgreSQL, with 2,000 real orders to look up. Prints req/s, p50 and p99.
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchOrder, root, startServer, stopServer } from './lib.mjs';

const port = Number(process.env.BENCH_PORT ?? 3296);
const base = `http://127.0.0.1:${port}`;
const seconds = Number(process.env.DURATION ?? 10);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `impulso_bench_lookup_${Date.now()}`;

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
const server = await startServer({
  port,
  env: {
    DATABASE_URL: url.toString(),
    LOOKUP_LIMIT_PER_IP: '100000000',
    LOOKUP_LIMIT_PER_EMAIL: '100000000',
  },
});
try {
  const pairs = [];
  for (let i = 0; i < 2000; i++) {
    const email = `cliente${i}@exemplo.com`;
    const res = await fetch(`${base}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify(benchOrder(email)),
    });
    pairs.push({ email, code: (await res.json()).order.purchaseCode });
  }
  let next = 0;
  const result = await new Promise((resolve, reject) =>
    autocannon(
      {
        url: `${base}/api/orders/lookup`,
        connections: 64,
        duration: seconds,
        requests: [
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            setupRequest: (request) => ({ ...request, body: JSON.stringify(pairs[next++ % pairs.length]) }),
          },
        ],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    ),
  );
  const row = {
    endpoint: 'POST /api/orders/lookup',
    'req/s': Math.round(result['2xx'] / seconds),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
  console.log('autocannon: 64 connections, PostgreSQL, 2,000 orders, limiter set high');
  console.table([row]);
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/lookup.json'), JSON.stringify(row, null, 2));
} finally {
  await stopServer(server);
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
