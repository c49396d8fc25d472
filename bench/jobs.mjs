// `npm run bench:jobs`: how fast one instance sends queued e-mail. 2,000 e-mail jobs are put in the queue
// of a fresh PostgreSQL database, the built server (its job runner) sends them over SMTP to a local sink,
// and the script times the drain. Target (issue 10 §5): ≥ 200 e-mail jobs/s per instance.
import { SMTPServer } from 'smtp-server';
import pg from 'pg';
import { startServer, stopServer } from './lib.mjs';

const port = Number(process.env.BENCH_PORT ?? 3297);
const jobs = Number(process.env.JOBS ?? 2000);
const target = 200;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `impulso_bench_jobs_${Date.now()}`;

let received = 0;
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      received += 1;
      callback();
    });
  },
});
await new Promise((resolve) => sink.listen(0, '127.0.0.1', resolve));
const smtpPort = sink.server.address().port;

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
const db = new pg.Client({ connectionString: url.toString() });
let server;
let failed = false;
try {
  server = await startServer({
    port,
    env: { DATABASE_URL: url.toString(), SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
  });
  await db.connect();
  // Queued with a future due time, then released at once: the clock starts with every job waiting.
  await db.query(
    `insert into jobs (kind, payload, run_at)
     select 'send_email', json_build_object('to', 'cliente' || i || '@exemplo.com', 'subject', 'Pedido ' || i,
       'html', '<p>Olá</p>', 'text', 'Olá')::jsonb, now() + interval '1 day'
     from generate_series(1, $1) i`,
    [jobs],
  );
  const started = performance.now();
  await db.query(`update jobs set run_at = 'epoch' where kind = 'send_email'`);
  for (;;) {
    const { rows } = await db.query(`select count(*)::int as n from jobs where done_at is null`);
    if (rows[0].n === 0) break;
    if (performance.now() - started > 120_000) throw new Error(`${rows[0].n} jobs still queued after 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  const rate = jobs / seconds;
  console.log(
    `bench:jobs: ${jobs} e-mail jobs sent over SMTP in ${seconds.toFixed(2)} s = ${Math.round(rate)} jobs/s ` +
      `(target ≥ ${target}); the sink received ${received}`,
  );
  failed = rate < target || received < jobs;
} finally {
  await stopServer(server);
  await db.end().catch(() => undefined);
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  await new Promise((resolve) => sink.close(resolve));
}
process.exit(failed ? 1 : 0);
