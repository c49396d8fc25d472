// The machine's ceiling for issue 47 §1 (bench/durable-floor.mjs): the cheapest server that still keeps an
// order durable before answering it. node:http, the body parsed, the requests that arrived meanwhile
// written with one multi-row INSERT, one statement at a time, as the shop batches its own
// (docs/decisions/039-concurrent-orders-share-statements.md, 059), each answered 201 once committed. No
// validation, no abuse limit, no price, no charge: no order path can go under it. PORT and DATABASE_URL
// as the shop's.
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
await pool.query(
  'create table if not exists floor_orders (id bigserial primary key, email text not null, body jsonb not null)',
);

let waiting = [];
let writing = false;

/** Writes what has queued up in one statement; one statement at a time, as the shop's batcher. */
async function flush() {
  if (writing || waiting.length === 0) return;
  const batch = waiting;
  waiting = [];
  writing = true;
  try {
    const { rowCount } = await pool.query(
      `insert into floor_orders (email, body)
       select r.email, r.body from json_to_recordset($1::json) as r(email text, body jsonb)`,
      [JSON.stringify(batch.map((entry) => ({ email: entry.order.email, body: entry.order })))],
    );
    if (rowCount !== batch.length) throw new Error('not every order stored');
    for (const entry of batch) entry.answer(201, { stored: true });
  } catch {
    for (const entry of batch) entry.answer(500, { error: 'not stored' });
  } finally {
    writing = false;
    setImmediate(flush);
  }
}

const server = http.createServer((request, response) => {
  const answer = (status, body) => {
    const payload = JSON.stringify(body);
    response.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(payload),
    });
    response.end(payload);
  };
  if (request.method === 'GET') return answer(200, { status: 'ok' });
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    let order;
    try {
      order = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return answer(400, { error: 'not json' });
    }
    waiting.push({ order, answer });
    void flush();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
