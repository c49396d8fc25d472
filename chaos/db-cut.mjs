// `npm run chaos:db-cut` (issue 14 §2): while 16 clients create orders on PostgreSQL, every backend of the
// app is terminated (pg_terminate_backend), twice. Requests in flight must get the pt-BR 503 (never a
// 500), the pool must serve again within 2 s, every acknowledged order must be stored, and the job queue
// must go on sending e-mails, each once. Clients retry a 503 with the same Idempotency-Key, as the checkout does.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { startServer, stopServer } from '../bench/lib.mjs';
import { freshDatabase, orderBody, relaxedLimits } from './lib.mjs';

const port = Number(process.env.CHAOS_PORT ?? 3296);
const base = `http://127.0.0.1:${port}`;
const clients = 16;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const expected503 = 'Sistema temporariamente indisponível. Tente novamente em alguns minutos.';

const database = await freshDatabase('postgres');
const server = await startServer({ port, env: { ...database.env, ...relaxedLimits }, stdio: 'ignore' });
const statuses = {};
const wrongErrors = [];
const acknowledged = [];
const finishedAt = []; // [startedAt, endedAt] of each 2xx
let running = true;

async function client() {
  while (running) {
    const key = randomUUID();
    const body = JSON.stringify(orderBody());
    for (let attempt = 0; attempt < 20 && running; attempt++) {
      const startedAt = Date.now();
      const res = await fetch(`${base}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body,
      }).catch(() => null);
      const status = res?.status ?? 0;
      statuses[status] = (statuses[status] ?? 0) + 1;
      const answer = res ? await res.json().catch(() => null) : null;
      if (status >= 200 && status < 300) {
        acknowledged.push(answer.order.id);
        finishedAt.push([startedAt, Date.now()]);
        break;
      }
      if (status !== 503 || answer?.message !== expected503) wrongErrors.push({ status, answer });
      await sleep(100);
    }
  }
}

const cutAt = [];
async function cut() {
  const admin = new pg.Client({ connectionString: database.env.DATABASE_URL });
  await admin.connect();
  const { rows } = await admin.query(
    'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  await admin.end();
  cutAt.push(Date.now());
  return rows[0].n;
}

const load = Promise.all(Array.from({ length: clients }, client));
await sleep(2_000);
const terminated = [await cut()];
await sleep(2_000);
terminated.push(await cut());
await sleep(3_000);
running = false;
await load;

// Recovery: from each cut to the end of the first request begun after it that succeeded.
const recoveryMs = cutAt.map((at) => {
  const first = finishedAt.filter(([started]) => started >= at).sort((a, b) => a[1] - b[1])[0];
  return first ? first[1] - at : Infinity;
});

// The job queue goes on: every 'pedido recebido' e-mail is sent within 15 s.
let unsent = -1;
for (let waited = 0; waited < 15_000; waited += 1_000) {
  await sleep(1_000);
  const [row] = await database.query(
    `select count(*)::int as n from orders o where not exists (
       select 1 from jobs j where j.kind = 'order_received_email' and j.payload->>'orderId' = o.id::text
       and j.done_at is not null)`,
  );
  unsent = row.n;
  if (unsent === 0) break;
}
const [{ n: doubled }] = await database.query(
  `select count(*)::int as n from (select "to" from outbox_emails where subject like 'Pedido % recebido%'
     group by "to", subject having count(*) > 1) twice`,
);
await stopServer(server);
const stored = new Set((await database.query('select id from orders')).map((r) => r.id));
const lost = acknowledged.filter((id) => !stored.has(id)).length;
await database.drop();

console.log(`pg_terminate_backend of every app connection, twice, while ${clients} clients create orders`);
console.table({
  'backends terminated': terminated.join(' + '),
  'answers by status': JSON.stringify(statuses),
  'wrong errors (500, or 503 without the message)': wrongErrors.length,
  'recovery after each cut (ms)': recoveryMs.join(', '),
  acknowledged: acknowledged.length,
  lost,
  'receipts unsent after 15 s': unsent,
  'receipts sent twice': doubled,
});
const failed =
  wrongErrors.length > 0 || lost > 0 || unsent !== 0 || doubled > 0 || recoveryMs.some((ms) => ms > 2_000);
if (wrongErrors.length) console.error(wrongErrors.slice(0, 3));
if (failed) {
  console.error('FAILED');
  process.exit(1);
}
console.log('OK: pt-BR 503s only, recovered within 2 s, nothing lost, jobs running');
