// `npm run bench:soak` (issue 14 §7): POST /api/orders at a fixed arrival rate (300/s) for 10 minutes on
// PostgreSQL, e-mail jobs and pollers running as in a shop. Each minute: latency of that minute (open
// loop), the server's RSS and peak RSS (/proc), and its heap after a full collection (bench/memory-probe).
// Targets: peak RSS ≤ 300 MB, 0 errors, and no upward trend: the heap after collection grows by at most
// 1 MB a minute over minutes 2 to the end (least squares; minute 1 is the warm-up of caches and pools).
// Each minute also counts the receipt e-mails not sent yet: at the end at most 30 s of orders may wait
// (the job runner keeps up while it yields to requests, ADR 023).
// RATE and MINUTES change the load.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { benchOrder, freshPostgres, startServer, stopServer } from './lib.mjs';
import { openLoop } from './open-loop.mjs';

const port = Number(process.env.BENCH_PORT ?? 3296);
const base = `http://127.0.0.1:${port}`;
const rate = Number(process.env.RATE ?? 300);
const minutes = Number(process.env.MINUTES ?? 10);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const probeFile = path.join(mkdtempSync(path.join(tmpdir(), 'impulso-soak-')), 'memory.jsonl');
const mb = (bytes) => Number((bytes / 2 ** 20).toFixed(1));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

let buyer = 0;
const placeOrder = () => ({
  method: 'POST',
  path: '/api/orders',
  body: benchOrder(`soak-${(buyer += 1)}@exemplo.com`),
  headers: { 'idempotency-key': randomUUID() },
});

/** RSS and peak RSS of `pid` in bytes, from /proc (the kernel's figures, garbage or not). */
function rssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)[1]) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** The heap after a full collection, as the probe in the server writes it. */
async function heapAfterGc(server) {
  const lines = () => (existsSync(probeFile) ? readFileSync(probeFile, 'utf8').trim().split('\n') : []);
  const before = lines().length;
  server.kill('SIGUSR2');
  for (let i = 0; i < 100; i++) {
    await sleep(50);
    const now = lines();
    if (now.length > before) return JSON.parse(now.at(-1));
  }
  throw new Error('the memory probe did not answer');
}

/** Receipt e-mails not sent yet: a runner that fell behind shows as a growing number. */
async function receiptsWaiting(client) {
  const { rows } = await client.query(`select
    (select count(*) from orders where receipt_queued_at is null)
    + (select count(*) from jobs where kind = 'order_received_email' and done_at is null) as waiting`);
  return Number(rows[0].waiting);
}

/** Least-squares slope of `ys` per step. */
function slope(ys) {
  const n = ys.length;
  const mx = (n - 1) / 2;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  const num = ys.reduce((sum, y, x) => sum + (x - mx) * (y - my), 0);
  const den = ys.reduce((sum, _y, x) => sum + (x - mx) ** 2, 0);
  return den ? num / den : 0;
}

const database = await freshPostgres(adminUrl, 'impulso_bench_soak');
const server = await startServer({
  port,
  env: {
    DATABASE_URL: database.url,
    ORDERS_LIMIT_PER_IP: '100000000',
    UNPAID_ORDERS_LIMIT_PER_EMAIL: '100000000',
    MEMORY_PROBE_FILE: probeFile,
    NODE_OPTIONS: `--expose-gc --import=${pathToFileURL(path.join(import.meta.dirname, 'memory-probe.mjs'))}`,
  },
  stdio: 'ignore',
});
const client = new pg.Client({ connectionString: database.url });
await client.connect();
const rows = [];
try {
  const start = await heapAfterGc(server);
  rows.push({ minute: 0, ...rssRow(rssOf(server.pid)), 'heap after GC MB': mb(start.heapUsed) });
  for (let minute = 1; minute <= minutes; minute++) {
    const load = await openLoop(base, { rate, seconds: 60, next: placeOrder });
    const memory = rssOf(server.pid);
    const heap = await heapAfterGc(server);
    rows.push({
      minute,
      'p50 ms': load['p50 ms'],
      'p99 ms': load['p99 ms'],
      errors: load.errors,
      ...rssRow(memory),
      'heap after GC MB': mb(heap.heapUsed),
      'receipts waiting': await receiptsWaiting(client),
    });
    console.log(JSON.stringify(rows.at(-1)));
  }
} finally {
  await client.end();
  await stopServer(server);
  await database.drop();
}

function rssRow({ rss, peak }) {
  return { 'RSS MB': mb(rss), 'peak RSS MB': mb(peak) };
}

const measured = rows.filter((row) => row.minute >= 2);
const growth = Number(slope(measured.map((row) => row['heap after GC MB'])).toFixed(2));
const peak = Math.max(...rows.map((row) => row['peak RSS MB']));
const errors = rows.reduce((sum, row) => sum + (row.errors ?? 0), 0);
console.log(
  `soak: POST /api/orders at ${rate}/s for ${minutes} min on PostgreSQL (${rate * 60 * minutes} orders)`,
);
console.table(rows);
console.log(
  `peak RSS ${peak} MB (target ≤ 300), heap after GC grows ${growth} MB/min over minutes 2–${minutes} (target ≤ 1), ${errors} errors`,
);
const waiting = rows.at(-1)['receipts waiting'];
console.log(`${waiting} receipt e-mails waiting at the end (target ≤ ${rate * 30}, 30 s of orders)`);
if (peak > 300 || growth > 1 || errors > 0 || waiting > rate * 30) {
  console.error('target missed');
  process.exit(1);
}
