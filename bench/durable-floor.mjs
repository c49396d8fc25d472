// Issue 47 §1's ceiling on this machine: the closed loop of bench/order-path.mjs against
// bench/durable-floor-server.mjs, the cheapest server that commits each order before answering it, on a
// fresh PostgreSQL database. No order path that keeps an order durable saturates above it here, so a
// saturation target above its figure cannot be met on this machine (docs/benchmarks.md).
import path from 'node:path';
import { freshPostgres, root, startServer, stopServer } from './lib.mjs';
import { openLoop } from './open-loop.mjs';
import { closedLoop, newBuyerOrder } from './order-path.mjs';

/** Closed-loop orders/s of the floor server, warmed as `saturation` warms the shop. */
export async function durableFloor({ port, adminUrl, seconds, connections }) {
  const database = await freshPostgres(adminUrl, 'impulso_bench_floor');
  const server = await startServer({
    port,
    script: path.join(root, 'bench/durable-floor-server.mjs'),
    env: { DATABASE_URL: database.url },
    stdio: 'ignore',
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await openLoop(base, { rate: 500, seconds: 5, next: newBuyerOrder });
    return await closedLoop(base, { connections, seconds });
  } finally {
    await stopServer(server);
    await database.drop();
  }
}
