// The order path as issue 47 measures it: PostgreSQL, every abuse limit at its documented default, many
// buyers from many addresses (a new e-mail and X-Forwarded-For per order, TRUST_PROXY=1), each build on a
// fresh database: saturated (closed loop), and a fresh instance's first seconds against the same server
// warm (open loop). CPU per request comes from /proc: the server's process and every PostgreSQL process.
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
async function measured(server, base, label, rate, seconds, next, timeline = false) {
  const node0 = ticks(server.pid);
  const pg0 = postgresTicks();
  const result = await openLoop(base, { rate, seconds, next, timeline });
  return {
    run: label,
    ...result,
    'server cpu ms': Number((((ticks(server.pid) - node0) * 10) / result.requests).toFixed(3)),
    'pg cpu ms': Number((((postgresTicks() - pg0) * 10) / result.requests).toFixed(3)),
  };
}

/**
 * `connections` clients each sending its next order when the last was answered, for `seconds`; the
 * sockets are opened before the clock starts, as a proxy's pool keeps them (bench/open-loop.mjs).
 */
export async function closedLoop(base, { connections, seconds }) {
  const client = rawClient(base);
  await client.open(connections);
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
    'orders/s': Math.round(latencies.length / elapsed),
    'p50 ms': Number(at(0.5).toFixed(1)),
    'p99 ms': Number(at(0.99).toFixed(1)),
    errors,
  };
}

/** One fresh database and server of the build at `root` for `body(server, base)`. */
export async function withServer({ root, port, adminUrl, env = {} }, body) {
  const database = await freshPostgres(adminUrl, 'impulso_bench_path');
  const server = await startServer({
    port,
    from: root,
    env: { DATABASE_URL: database.url, TRUST_PROXY: '1', ...env },
    stdio: 'ignore',
  });
  try {
    return await body(server, `http://127.0.0.1:${port}`, database);
  } finally {
    await stopServer(server);
    await database.drop();
  }
}

/**
 * Saturation: a fresh server warmed at 500/s for 5 s, then `connections` clients in a closed loop; once per
 * round, each round on a fresh database.
 */
export async function saturation({ root, port, adminUrl, seconds, connections, rounds }) {
  const results = [];
  for (let round = 1; round <= rounds; round++) {
    results.push(
      await withServer({ root, port, adminUrl }, async (_server, base) => {
        await openLoop(base, { rate: 500, seconds: 5, next: newBuyerOrder });
        return closedLoop(base, { connections, seconds });
      }),
    );
  }
  return results;
}

/**
 * A fresh instance sent `rate` orders/s as soon as it is ready (the sockets opened first): the first
 * `seconds` are the cold run; the same server then runs `seconds` more to warm, and the next `seconds`
 * are the warm run at the same rate. The server and PostgreSQL CPU of each run, per order.
 */
export async function coldThenWarm({ root, port, adminUrl, rate, seconds }) {
  return withServer({ root, port, adminUrl }, async (server, base) => {
    const cold = await measured(server, base, 'cold', rate, seconds, newBuyerOrder, true);
    await openLoop(base, { rate, seconds, next: newBuyerOrder });
    const warm = await measured(server, base, 'warm', rate, seconds, newBuyerOrder);
    return { cold, warm };
  });
}
