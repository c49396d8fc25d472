// `npm run chaos:crash` (issue 14 §1): 32 clients create orders; the server gets `kill -9` at a random
// moment; it restarts on the same data; every acknowledged order (2xx with an id) must be there, with its
// purchase code and total, its PIX answer, one payment attempt per order and its 'pedido recebido' e-mail
// queued exactly once. PGlite and PostgreSQL, ROUNDS (5) rounds each. Exits 1 on any loss.
import { startServer, stopServer } from '../bench/lib.mjs';
import { freshDatabase, placeOrder, relaxedLimits } from './lib.mjs';

const port = Number(process.env.CHAOS_PORT ?? 3297);
const base = `http://127.0.0.1:${port}`;
const rounds = Number(process.env.ROUNDS ?? 5);
const clients = 32;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const code = (text) =>
  String(text)
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase();

async function round(database, owed) {
  const env = { ...database.env, ...relaxedLimits };
  const server = await startServer({ port, env, stdio: 'ignore' });
  const acknowledged = [];
  let killed = false;
  const killAfterMs = 300 + Math.floor(Math.random() * 2700);
  const killer = sleep(killAfterMs).then(() => {
    server.kill('SIGKILL');
    killed = true;
  });
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (!killed) {
        const result = await placeOrder(base);
        // An answer that arrived, even just before the kill, is an order the shop owes.
        if (result.order) acknowledged.push(result.order);
      }
    }),
  );
  await killer;
  await new Promise((resolve) =>
    server.exitCode !== null || server.signalCode ? resolve() : server.once('exit', resolve),
  );

  // Restart on the same data: the job poller queues the receipts the crash left behind.
  const again = await startServer({ port, env, stdio: 'ignore' });
  await sleep(6_000);
  await stopServer(again);

  // Orders acknowledged in earlier rounds count too: a later crash must not have lost or broken them.
  owed.push(...acknowledged);
  const ids = owed.map((o) => o.id);
  const stored = await database.query(
    `select o.id, o.purchase_code, o.total_cents, o.receipt_queued_at,
       (select count(*)::int from payments p where p.order_id = o.id) as attempts,
       (select count(*)::int from payments p where p.order_id = o.id and p.pix_payload is not null) as pix,
       (select count(*)::int from jobs j where j.kind = 'order_received_email' and j.payload->>'orderId' = o.id::text) as receipts
     from orders o`,
  );
  const byId = new Map(stored.map((row) => [row.id, row]));
  const lost = ids.filter((id) => !byId.has(id));
  const changed = owed.filter((o) => {
    const row = byId.get(o.id);
    return row && (code(row.purchase_code) !== code(o.purchaseCode) || row.total_cents !== o.totalCents);
  });
  const ackedWithoutPix = ids.filter((id) => byId.get(id) && byId.get(id).pix !== 1);
  const halfWritten = stored.filter((row) => row.attempts !== 1);
  const receiptsWrong = stored.filter((row) => row.receipt_queued_at === null || row.receipts !== 1);
  return {
    database: database.label,
    'kill after ms': killAfterMs,
    acknowledged: acknowledged.length,
    'orders stored': stored.length,
    lost: lost.length,
    changed: changed.length,
    'acked without PIX': ackedWithoutPix.length,
    'half-written': halfWritten.length,
    // Stored, never answered (the kill came before the PIX answer): pendente, paid never, the buyer retries.
    unanswered: stored.filter((row) => row.pix === 0).length,
    'receipt not once': receiptsWrong.length,
  };
}

// One database per kind for all its rounds, as a shop that crashes more than once: every check covers
// every order stored so far.
const results = [];
for (const kind of ['pglite', 'postgres']) {
  const database = await freshDatabase(kind);
  const owed = [];
  try {
    for (let i = 0; i < rounds; i++) results.push(await round(database, owed));
  } finally {
    await database.drop();
  }
}
console.log(`kill -9 while ${clients} clients create orders, ${rounds} rounds per database`);
console.table(results);
const failed = results.filter(
  (r) => r.lost || r.changed || r['acked without PIX'] || r['half-written'] || r['receipt not once'],
);
if (failed.length) {
  console.error(`FAILED: ${failed.length} round(s) lost or half-wrote an order`);
  process.exit(1);
}
console.log('OK: 0 lost, 0 half-written');
