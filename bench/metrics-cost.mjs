// `npm run bench:metrics-cost` (issue 29 §1): what GET /metrics and its hooks cost the order path. Two
// servers side by side on PostgreSQL, the same build without metrics (BASE_DIR: a built checkout of the
// commit before, e.g. `git worktree add --detach ../base <commit> && (cd ../base && npm run build)`) and
// this one, scraped every SCRAPE_SECONDS as Prometheus would. Open loop at RATE/s for DURATION s; rounds
// interleaved (ABBA) because the machine is shared: each round times /api/health then POST /api/orders on
// one server, then on the other. ROUNDS, RATE, DURATION, SCRAPE_SECONDS change it.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { freshPostgres, startServer, stopServer } from './lib.mjs';
import { openLoop } from './open-loop.mjs';
import { newBuyerOrder } from './order-path.mjs';

if (!process.env.BASE_DIR) throw new Error('BASE_DIR: a built checkout of the commit to compare with');
const baseDir = path.resolve(process.env.BASE_DIR);
const port = Number(process.env.BENCH_PORT ?? 3296);
const rate = Number(process.env.RATE ?? 500);
const seconds = Number(process.env.DURATION ?? 15);
const rounds = Number(process.env.ROUNDS ?? 4);
const scrapeSeconds = Number(process.env.SCRAPE_SECONDS ?? 5);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const token = randomUUID() + randomUUID();

const health = () => ({ path: '/api/health' });

/**
 * CPU the server process used, in ms (user + system, /proc at 100 ticks/s): unlike latency, what one
 * request costs does not depend on what else the shared machine runs.
 */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const env = (url) => ({
  DATABASE_URL: url,
  TRUST_PROXY: '1',
  ORDERS_LIMIT_PER_IP: '100000000',
  UNPAID_ORDERS_LIMIT_PER_EMAIL: '100000000',
  METRICS_TOKEN: token,
});
const sides = [
  { name: 'without metrics', from: baseDir, port, prefix: 'impulso_bench_mc_base' },
  {
    name: 'with metrics',
    from: path.resolve(import.meta.dirname, '..'),
    port: port + 1,
    prefix: 'impulso_bench_mc',
  },
];
const rows = [];
try {
  for (const side of sides) {
    side.database = await freshPostgres(adminUrl, side.prefix);
    side.server = await startServer({
      port: side.port,
      env: env(side.database.url),
      stdio: 'ignore',
      from: side.from,
    });
    side.base = `http://127.0.0.1:${side.port}`;
  }
  // Prometheus's scrape, on both: the one without metrics answers 404, the same request for the same price.
  const scraper = setInterval(() => {
    for (const side of sides)
      fetch(`${side.base}/metrics`, { headers: { authorization: `Bearer ${token}` } }).then(
        (res) => res.arrayBuffer(),
        () => undefined,
      );
  }, scrapeSeconds * 1000);
  try {
    for (const side of sides) await openLoop(side.base, { rate, seconds: 5, next: newBuyerOrder });
    for (let round = 1; round <= rounds; round++) {
      const order = round % 4 === 1 || round % 4 === 0 ? sides : [...sides].reverse();
      for (const side of order)
        for (const [endpoint, next] of [
          ['GET /api/health', health],
          ['POST /api/orders', newBuyerOrder],
        ]) {
          const cpuBefore = cpuMs(side.server.pid);
          const run = await openLoop(side.base, { rate, seconds, next });
          const cpu = (cpuMs(side.server.pid) - cpuBefore) / run.requests;
          const row = {
            round,
            server: side.name,
            endpoint,
            ...run,
            'CPU ms/request': Number(cpu.toFixed(3)),
          };
          rows.push(row);
          console.log(JSON.stringify(row));
        }
    }
  } finally {
    clearInterval(scraper);
  }
} finally {
  for (const side of sides) {
    await stopServer(side.server);
    await side.database?.drop();
  }
}
console.log(
  `open loop at ${rate}/s, ${seconds} s per run, PostgreSQL, /metrics scraped every ${scrapeSeconds} s`,
);
console.table(rows);
const median = (values) => values.sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const summary = [];
for (const side of sides)
  for (const endpoint of ['GET /api/health', 'POST /api/orders']) {
    const mine = rows.filter((row) => row.server === side.name && row.endpoint === endpoint);
    summary.push({
      server: side.name,
      endpoint,
      'median p50 ms': median(mine.map((row) => row['p50 ms'])),
      'median p99 ms': median(mine.map((row) => row['p99 ms'])),
      'median CPU ms/request': median(mine.map((row) => row['CPU ms/request'])),
      errors: mine.reduce((sum, row) => sum + row.errors, 0),
    });
  }
console.table(summary);
