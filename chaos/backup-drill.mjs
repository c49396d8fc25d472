// `npm run drill:backup` (issue 14 §10): a shop with orders, payment attempts and a signed-in customer is
// backed up with `npm run backup` (PostgreSQL while it runs; PGlite stopped), restored with `npm run
// restore` into a new database, and started on it: every order, payment and purchase code must be there,
// a buyer's lookup must find their order and the customer's session must still sign them in.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { root, startServer, stopServer } from '../bench/lib.mjs';
import { freshDatabase, orderBody, placeOrder, relaxedLimits } from './lib.mjs';

const port = Number(process.env.CHAOS_PORT ?? 3293);
const base = `http://127.0.0.1:${port}`;
const backupDir = path.join(root, 'backups', 'drill');

const node = (script, env, args = []) =>
  execFileSync(process.execPath, [path.join(root, 'scripts', script), ...args], {
    env: { ...process.env, BACKUP_DIR: backupDir, ...env },
    encoding: 'utf8',
  }).trim();

async function shopWithData(database) {
  const server = await startServer({ port, env: { ...database.env, ...relaxedLimits }, stdio: 'ignore' });
  const orders = [];
  for (let i = 0; i < 40; i++) orders.push((await placeOrder(base)).order);
  const { email } = orderBody();
  const signup = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Cliente Backup',
      email,
      password: 'segredo-backup',
      confirmPassword: 'segredo-backup',
    }),
  });
  const cookie = signup.headers.get('set-cookie')?.split(';')[0];
  return { server, orders, cookie };
}

const snapshot = async (database) => ({
  orders: await database.query('select id, purchase_code, total_cents, email from orders order by id'),
  payments: await database.query(
    'select id, order_id, status, amount_cents, pix_payload from payments order by id',
  ),
  sessions: (await database.query('select count(*)::int as n from sessions'))[0].n,
});

const results = [];
for (const kind of ['postgres', 'pglite']) {
  const source = await freshDatabase(kind);
  const target = await freshDatabase(kind);
  try {
    const { server, orders, cookie } = await shopWithData(source);
    // PostgreSQL is copied while the shop runs; PGlite needs its one process stopped first.
    if (kind === 'pglite') await stopServer(server);
    const file = node('backup.mjs', source.env);
    if (kind === 'postgres') await stopServer(server);
    const before = await snapshot(source);

    node('restore.mjs', target.env, [file]);
    const restored = await startServer({ port, env: { ...target.env, ...relaxedLimits }, stdio: 'ignore' });
    const sample = before.orders.find((o) => o.id === orders[17].id);
    const lookup = await fetch(`${base}/api/orders/lookup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: sample.email, code: sample.purchase_code }),
    });
    const me = await fetch(`${base}/api/auth/me`, { headers: { cookie } });
    await stopServer(restored);
    const after = await snapshot(target);
    rmSync(file);
    results.push({
      database: source.label,
      backup: path.basename(file),
      orders: `${after.orders.length} of ${before.orders.length}`,
      payments: `${after.payments.length} of ${before.payments.length}`,
      'orders identical': JSON.stringify(after.orders) === JSON.stringify(before.orders),
      'payments identical': JSON.stringify(after.payments) === JSON.stringify(before.payments),
      sessions: `${after.sessions} of ${before.sessions}`,
      'lookup finds an order': lookup.status === 200,
      'session still signed in': me.status === 200,
    });
  } finally {
    await source.drop();
    await target.drop();
  }
}
console.table(results);
const failed = results.filter(
  (r) =>
    !r['orders identical'] ||
    !r['payments identical'] ||
    !r['lookup finds an order'] ||
    !r['session still signed in'] ||
    r.sessions.split(' of ')[0] !== r.sessions.split(' of ')[1],
);
if (failed.length) {
  console.error('FAILED');
  process.exit(1);
}
console.log('OK: restored shops hold every order, payment, purchase code and session');
