// The order path as issue 29 §2 measures it: PostgreSQL, every abuse limit at its documented default, many
// buyers from many addresses (a new e-mail and X-Forwarded-For per order, TRUST_PROXY=1). One build at a
// time: warm (500/s first, then each rate beside /api/health at that rate), cold (a fresh server sent
// orders at once, /api/health at the same rate after), and saturated (closed loop). CPU per request comes
// from /proc: the server's process and every PostgreSQL process.
import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { benchOrder, freshPostgres, startServer, stopServer } from './lib.mjs';
import { openLoop } from './open-loop.mjs';
import { rawClient, requestBytes } from './raw-http.mjs';

let buyer = 0;
/** A PIX order from a buyer never seen before, through one proxy hop from an address of its own. */
export function newBuyerOrder() {
  buyer += 1;
  return {
    method: 'POST',
    path: '/api/orders',
    body: benchOrder(`caminho-${buyer}-${randomUUID().slice(0, 8)}@exemplo.com`),
    headers: {
      'idempotency-key': randomUUID(),
      'x-forwarded-for': `10.${(buyer >> 16) & 255}.${(buyer >> 8) & 255}.${buyer & 255}`,
    },
  };
}
const health = () => ({ path: '/api/health' });

/**
 * CPU ticks (1/100 s) of a process and of its children that ended (PostgreSQL's postmaster reaps the
 * backends of closed connections), 0 once it is gone.
 */
function ticks(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  } catch {
    return 0;
  }
}
function postgresTicks() {
  let sum = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres')) sum += ticks(pid);
    } catch {
      // ended meanwhile
    }
  }
  return sum;
}

/** An open-loop run with the CPU it cost the server and PostgreSQL, per request. */
async function measured(server, base, label, rate, seconds, next) {
  const node0 = ticks(server.pid);
  const pg0 = postgresTicks();
  const result = await openLoop(base, { rate, seconds, next });
  return {
    run: label,
    ...result,
    'server cpu ms': Number((((ticks(server.pid) - node0) * 10) / result.requests).toFixed(3)),
    'pg cpu ms': Number((((postgresTicks() - pg0) * 10) / result.requests).toFixed(3)),
  };
}

/** `connections` clients each sending its next order when the last was answered, for `seconds`. */
async function closedLoop(base, { connections, seconds }) {
  const client = rawClient(base);
  const host = new URL(base).host;
  const latencies = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const bytes = requestBytes(host, newBuyerOrder());
        const sent = performance.now();
        const status = await client.send(bytes);
        if (status !== 201 && status !== 200) errors += 1;
        latencies.push(performance.now() - sent);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  client.close();
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return {
    run: `closed loop, ${connections} connections`,
    'orders/s': Math.round(latencies.length / elapsed),
    'p50 ms': Number(at(0.5).toFixed(1)),
    'p99 ms': Number(at(0.99).toFixed(1)),
    errors,
  };
}

/** One fresh database and server of the build at `root` for `body(server, base)`. */
async function withServer({ root, port, adminUrl }, body) {
  const database = await freshPostgres(adminUrl, 'impulso_bench_path');
  const server = await startServer({
    port,
    from: root,
    env: { DATABASE_URL: database.url, TRUST_PROXY: '1' },
    stdio: 'ignore',
  });
  try {
    return await body(server, `http://127.0.0.1:${port}`);
  } finally {
    await stopServer(server);
    await database.drop();
  }
}

/** Every run of issue 29 §2 against the build at `root`; rows for console.table. */
export async function orderPathRuns({ root, label, port, adminUrl, rates, seconds, coldRate, connections }) {
  const rows = [];
  const add = (row) => rows.push({ build: label, ...row });
  await withServer({ root, port, adminUrl }, async (server, base) => {
    await openLoop(base, { rate: 500, seconds: 10, next: newBuyerOrder });
    for (const rate of rates) {
      add(await measured(server, base, 'warm: GET /api/health', rate, seconds, health));
      add(await measured(server, base, 'warm: POST /api/orders', rate, seconds, newBuyerOrder));
    }
  });
  for (const round of [1, 2]) {
    await withServer({ root, port, adminUrl }, async (server, base) => {
      add(await measured(server, base, `cold ${round}: POST /api/orders`, coldRate, seconds, newBuyerOrder));
      add(await measured(server, base, `cold ${round}: GET /api/health`, coldRate, seconds, health));
    });
  }
  await withServer({ root, port, adminUrl }, async (_server, base) => {
    await openLoop(base, { rate: 500, seconds: 5, next: newBuyerOrder });
    add(await closedLoop(base, { connections, seconds }));
  });
  return rows;
}
