// `npm run bench:admin`: seeds 1,000,000 orders and 3,000,000 funnel events into a fresh PostgreSQL
// database, then times the panel's requests (metrics + funnel, first list page) with autocannon.
// Target (issue 5): p50 ≤ 15 ms, p99 ≤ 50 ms on 2 cores.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { root, startServer, stopServer } from './lib.mjs';

const port = Number(process.env.BENCH_PORT ?? 3295);
const base = `http://127.0.0.1:${port}`;
const orders = Number(process.env.ORDERS ?? 1_000_000);
const events = Number(process.env.EVENTS ?? 3_000_000);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `impulso_bench_admin_${Date.now()}`;
const adminEmail = 'bench-admin@impulso.example';
const adminPassword = 'senha-do-benchmark-123';

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
const env = { ...process.env, DATABASE_URL: url.toString(), ADMIN_EMAIL: adminEmail, LOG_LEVEL: 'warn' };

function time(label, fn) {
  const started = Date.now();
  return fn().then((v) => {
    console.log(`${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return v;
  });
}

let server;
try {
  // Migrations and the admin's password, through the app's own script.
  const created = spawnSync(
    process.execPath,
    [path.join(root, 'dist/server/admin-create.js'), '--email', adminEmail, '--password', adminPassword],
    { env, stdio: 'inherit' },
  );
  if (created.status !== 0) throw new Error('admin-create failed (run `npm run build` first)');
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  await time(`seed ${orders.toLocaleString('en')} orders`, () =>
    db.query(`
      insert into orders (purchase_code, service, quantity, instagram, add_ons, add_on_links, package_cents,
        add_ons_cents, total_cents, name, email, whatsapp, cpf, status, payment_status, payment_method,
        installments, idempotency_key, request_hash, created_at, updated_at, receipt_queued_at)
      select upper(lpad(to_hex(i), 8, '0')), (array['followers','likes','views'])[1 + i % 3], 1000, 'perfil' || i,
        '[]', '{}', 8590, 0, 8590 + (i % 50) * 100, 'Cliente ' || i, 'c' || i || '@exemplo.com', '11912345678',
        '52998224725',
        (array['pendente','processando','concluido','cancelado','aguardando_contato_whatsapp','em_transporte'])[1 + i % 6],
        (array['unpaid','paid','paid','failed'])[1 + i % 4], (array['pix','credit_card','whatsapp'])[1 + i % 3], 1,
        'bench-' || i, 'bench', ts, ts, ts
      from (select i, now() - (i % 400) * interval '1 day' - (i % 86400) * interval '1 second' as ts
            from generate_series(1, ${orders}) i) s`),
  );
  await time(`seed ${events.toLocaleString('en')} events`, () =>
    db.query(`
      insert into analytics (etapa, session_id, created_at)
      select (array['visitante','visitante','visitante','botao_compra','checkout','pedido_finalizado'])[1 + i % 6],
        'sess' || (i / 3), now() - (i % 400) * interval '1 day' - (i % 86400) * interval '1 second'
      from generate_series(1, ${events}) i`),
  );
  // What autovacuum does on a live database: statistics and the visibility map (index-only scans).
  await time('vacuum analyze', () => db.query('vacuum analyze'));
  await db.end();

  server = await startServer({ port, env });
  // The server rolls finished days of funnel events and orders up in the background; wait for the first pass.
  const check = new pg.Client({ connectionString: url.toString() });
  await check.connect();
  await time('first rollups (funnel, orders)', async () => {
    const done = async () =>
      (
        await check.query(`select exists (select 1 from analytics_daily) and
          (select rolled_until is not null from rollup_state where name = 'orders_daily') as ok`)
      ).rows[0].ok;
    while (!(await done())) await new Promise((r) => setTimeout(r, 500));
  });
  await check.end();
  const login = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: adminEmail, password: adminPassword }),
  });
  const cookie = login.headers.get('set-cookie').split(';')[0];
  const results = [];
  for (const [label, pathAndQuery] of [
    ['metrics + funnel (this month)', '/api/admin/dashboard?period=month'],
    ['first list page (this month)', '/api/admin/orders?period=month'],
    ['metrics + funnel (all time)', '/api/admin/dashboard?period=all'],
    ['first list page (all time)', '/api/admin/orders?period=all'],
  ]) {
    const r = await new Promise((resolve, reject) =>
      autocannon(
        { url: `${base}${pathAndQuery}`, connections: 4, duration: 10, headers: { cookie } },
        (err, res) => (err ? reject(err) : resolve(res)),
      ),
    );
    results.push({
      request: label,
      'req/s': Math.round(r['2xx'] / 10),
      'p50 ms': r.latency.p50,
      'p99 ms': r.latency.p99,
      errors: r.non2xx + r.errors,
    });
  }
  // What the operator waits for: /admin asks for the cards + funnel and the first list page together.
  for (const operators of [1, 4]) {
    const samples = [];
    const until = Date.now() + 10_000;
    const get = (p) => fetch(`${base}${p}`, { headers: { cookie } }).then((r) => r.arrayBuffer());
    await Promise.all(
      Array.from({ length: operators }, async () => {
        while (Date.now() < until) {
          const started = performance.now();
          await Promise.all([
            get('/api/admin/dashboard?period=month'),
            get('/api/admin/orders?period=month'),
          ]);
          samples.push(performance.now() - started);
        }
      }),
    );
    samples.sort((a, b) => a - b);
    const at = (q) => Math.round(samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]);
    results.push({
      request: `panel load, both together (this month, ${operators} operator${operators > 1 ? 's' : ''})`,
      'req/s': Math.round(samples.length / 10),
      'p50 ms': at(0.5),
      'p99 ms': at(0.99),
      errors: 0,
    });
  }
  // The whole "all time" export: streamed, so the time to the first byte stays small.
  {
    const started = performance.now();
    const res = await fetch(`${base}/api/admin/orders.csv?period=all`, { headers: { cookie } });
    const reader = res.body.getReader();
    let bytes = 0;
    let firstByteMs;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      firstByteMs ??= performance.now() - started;
      bytes += value.length;
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `CSV export, all time: ${(bytes / 1e6).toFixed(0)} MB in ${seconds.toFixed(1)} s, first bytes after ${Math.round(firstByteMs)} ms`,
    );
  }
  console.log(
    `autocannon: 4 connections, 10 s each; ${orders.toLocaleString('en')} orders, ${events.toLocaleString('en')} events`,
  );
  console.table(results);
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/admin.json'), JSON.stringify(results, null, 2));
} finally {
  await stopServer(server);
  if (!process.env.KEEP_DATABASE) await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
