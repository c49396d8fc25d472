// What the open-loop benchmarks share: requests started on a fixed schedule (rate per second), each
// timed from the moment it was due, not from when it was sent, so a slow server cannot slow the arrivals
// down and hide its queue (no coordinated omission). Every request is built before the clock starts and
// sent as bytes on a keep-alive socket of its own (bench/raw-http.mjs): a request never waits for a free
// socket on our side, and the generator takes as little CPU as it can from the server it measures.
import { rawClient, requestBytes } from './raw-http.mjs';

/**
 * Sends `rate` requests per second for `seconds`, each built by `next(i)`; returns the latencies (ms,
 * from each request's due time) and the answers by status.
 */
export async function openLoop(base, { rate, seconds, next }) {
  const total = Math.round(rate * seconds);
  const host = new URL(base).host;
  const requests = Array.from({ length: total }, (_, i) => requestBytes(host, next(i)));
  const client = rawClient(base);
  const latencies = [];
  const statuses = {};
  const pending = [];
  const start = performance.now() + 50;
  let sent = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + (sent * 1000) / rate <= now) {
        const due = start + (sent * 1000) / rate;
        pending.push(
          client.send(requests[sent]).then((status) => {
            latencies.push(performance.now() - due);
            statuses[status] = (statuses[status] ?? 0) + 1;
          }),
        );
        sent += 1;
      }
      if (sent >= total) return resolve();
      // Sleep until shortly before the next request is due rather than spin: a spinning generator takes
      // a whole core from the server it measures (2 cores here). A wake-up late by up to ~1 ms counts against
      // the server.
      const wait = start + (sent * 1000) / rate - performance.now();
      if (wait > 0.5) setTimeout(tick, Math.max(0, wait - 1));
      else setImmediate(tick);
    };
    tick();
  });
  await Promise.all(pending);
  client.close();
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  const errors = Object.entries(statuses)
    .filter(([status]) => !status.startsWith('2'))
    .reduce((sum, [, n]) => sum + n, 0);
  return {
    rate,
    requests: total,
    'p50 ms': Number(at(0.5).toFixed(1)),
    'p99 ms': Number(at(0.99).toFixed(1)),
    'max ms': Number(latencies.at(-1).toFixed(1)),
    errors,
  };
}
