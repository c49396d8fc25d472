// What the open-loop benchmarks share: requests started on a fixed schedule (rate per second), each
// timed from the moment it was due, not from when it was sent, so a slow server cannot slow the arrivals
// down and hide its queue (no coordinated omission). Every request is built before the clock starts and
// sent as bytes on a keep-alive socket of its own (bench/raw-http.mjs): a request never waits for a free
// socket on our side, and the generator takes as little CPU as it can from the server it measures.
// The sockets for the requests in flight at the 50 ms target (rate / 20) are opened before the clock
// starts, as the proxy in front keeps its upstream connections open (deploy/nginx.conf: keepalive):
// opened during a burst, hundreds at once, they waited in the server's accept queue for over a second
// while the requests on open connections were answered in tens of ms (docs/benchmarks.md).
import { rawClient, requestBytes } from './raw-http.mjs';

/**
 * Sends `rate` requests per second for `seconds`, each built by `next(i)`; returns the latencies (ms,
 * from each request's due time) and the answers by status; with `timeline`, the p99 of each second's
 * requests too (by due time), to see where a fresh server's queue builds and drains.
 */
export async function openLoop(base, { rate, seconds, next, timeline = false }) {
  const total = Math.round(rate * seconds);
  const host = new URL(base).host;
  const requests = Array.from({ length: total }, (_, i) => requestBytes(host, next(i)));
  const client = rawClient(base);
  await client.open(Math.ceil(rate / 20));
  const latencies = [];
  const bySecond = Array.from({ length: Math.ceil(seconds) }, () => []);
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
            bySecond[Math.floor((due - start) / 1000)]?.push(performance.now() - due);
            statuses[status] = (statuses[status] ?? 0) + 1;
          }),
        );
        sent += 1;
      }
      if (sent >= total) return resolve();
      // Sleep until the next request is due, at least a millisecond, and send everything due by then;
      // never spin: at 2,000/s (one request each 0.5 ms) spinning on setImmediate took the generator
      // 4.3 s of CPU in 7.9 s, half of one of the two cores the server and PostgreSQL need. A wake-up late
      // by a millisecond or two counts against the server.
      const wait = start + (sent * 1000) / rate - performance.now();
      setTimeout(tick, Math.max(1, wait));
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
  const p99 = (values) => values.sort((a, b) => a - b)[Math.floor(0.99 * values.length)] ?? 0;
  return {
    ...(timeline && { 'p99 ms by second': bySecond.map((values) => Math.round(p99(values))).join(' ') }),
    rate,
    requests: total,
    'p50 ms': Number(at(0.5).toFixed(1)),
    'p99 ms': Number(at(0.99).toFixed(1)),
    'max ms': Number(latencies.at(-1).toFixed(1)),
    errors,
  };
}
