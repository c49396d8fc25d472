// `npm run bench:jobs`: how fast one instance works through queued jobs that talk to the outside. For each
// kind, JOBS (2,000) jobs are put in the queue of a fresh PostgreSQL database, the built server (its job
// runner) carries them out, and the script times the drain:
// - e-mail: sent over SMTP to a local sink. Target (issue 10 §5): ≥ 200 jobs/s per instance.
// - whatsapp: "pagamento confirmado" of as many paid orders whose buyers consented, sent to the fake Cloud
//   API of tests/fake-whatsapp, which, like Meta, takes at most 80 messages/s per number and answers
//   130429 above that. Target (issue 28): ≥ 50 messages/s.
// JOBS_KIND=email or JOBS_KIND=whatsapp runs one of them.
import { SMTPServer } from 'smtp-server';
import pg from 'pg';
import { fakeTemplateName, startFakeCloudApi } from '../tests/fake-whatsapp/fake-cloud-api.ts';
import { freshPostgres, startServer, stopServer } from './lib.mjs';

const port = Number(process.env.BENCH_PORT ?? 3297);
const jobs = Number(process.env.JOBS ?? 2000);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const kinds = process.env.JOBS_KIND ? [process.env.JOBS_KIND] : ['email', 'whatsapp'];

/** E-mail jobs to a local SMTP sink that only counts them. */
async function email() {
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
  return {
    label: 'e-mail jobs sent over SMTP',
    job: 'send_email',
    target: 200,
    env: { SMTP_URL: `smtp://127.0.0.1:${sink.server.address().port}` },
    seed: (db, runAt) =>
      db.query(
        `insert into jobs (kind, payload, run_at)
         select 'send_email', json_build_object('to', 'cliente' || i || '@exemplo.com', 'subject', 'Pedido ' || i,
           'html', '<p>Olá</p>', 'text', 'Olá')::jsonb, $2
         from generate_series(1, $1) i`,
        [jobs, runAt],
      ),
    done: async () => `the sink received ${received}`,
    ok: async () => received === jobs,
    close: () => new Promise((resolve) => sink.close(resolve)),
  };
}

/** WhatsApp messages to the fake Cloud API, each buyer a number of its own. */
async function whatsapp() {
  const fake = await startFakeCloudApi({ messagesPerSecond: 80 });
  fake.approveShopTemplates();
  const sentRows = async (db) =>
    (await db.query(`select count(*)::int as n from whatsapp_messages where state = 'sent'`)).rows[0].n;
  return {
    label: 'WhatsApp messages sent to the Cloud API',
    job: 'whatsapp_message',
    target: 50,
    env: {
      WHATSAPP_API_URL: fake.apiUrl,
      WHATSAPP_TOKEN: fake.token,
      WHATSAPP_PHONE_NUMBER_ID: fake.phoneNumberId,
      WHATSAPP_APP_SECRET: fake.appSecret,
      WHATSAPP_VERIFY_TOKEN: 'bench-verify-token',
    },
    async seed(db, runAt) {
      await db.query(`insert into whatsapp_templates (kind, name) values ('payment_confirmed', $1)`, [
        fakeTemplateName('payment_confirmed'),
      ]);
      // Paid, receipt queued: no other poller picks them up.
      await db.query(
        `insert into orders (purchase_code, service, quantity, instagram, package_cents, add_ons_cents,
           total_cents, name, email, whatsapp, whatsapp_consent_at, cpf, status, payment_status, payment_method,
           idempotency_key, request_hash, receipt_queued_at, paid_at)
         select 'W' || lpad(i::text, 7, '0'), 'followers', 1000, 'perfil' || i, 8590, 0, 8590, 'Cliente ' || i,
           'c' || i || '@exemplo.com', '119' || lpad(i::text, 8, '0'), now(), '52998224725', 'processando', 'paid',
           'pix', 'bench-' || i, 'bench', now(), now()
         from generate_series(1, $1) i`,
        [jobs],
      );
      await db.query(
        `insert into jobs (kind, payload, run_at)
         select 'whatsapp_message', json_build_object('orderId', id, 'kind', 'payment_confirmed')::jsonb, $1
         from orders`,
        [runAt],
      );
    },
    done: async (db) =>
      `the fake took ${fake.sent.length}, ${await sentRows(db)} recorded as sent with their wamid`,
    ok: async (db) => fake.sent.length === jobs && (await sentRows(db)) === jobs,
    close: () => fake.close(),
  };
}

async function measure(workload) {
  const database = await freshPostgres(adminUrl, 'impulso_bench_jobs');
  const db = new pg.Client({ connectionString: database.url });
  let server;
  try {
    server = await startServer({ port, env: { DATABASE_URL: database.url, ...workload.env } });
    await db.connect();
    // Queued with a future due time, then released at once: the clock starts with every job waiting.
    await workload.seed(db, new Date(Date.now() + 86_400_000));
    const started = performance.now();
    await db.query(`update jobs set run_at = 'epoch' where kind = $1`, [workload.job]);
    for (;;) {
      const { rows } = await db.query(`select count(*)::int as n from jobs where done_at is null`);
      if (rows[0].n === 0) break;
      if (performance.now() - started > 120_000)
        throw new Error(`${rows[0].n} jobs still queued after 120 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const seconds = (performance.now() - started) / 1000;
    const rate = jobs / seconds;
    console.log(
      `bench:jobs: ${jobs} ${workload.label} in ${seconds.toFixed(2)} s = ${Math.round(rate)} jobs/s ` +
        `(target ≥ ${workload.target}); ${await workload.done(db)}`,
    );
    return rate >= workload.target && (await workload.ok(db));
  } finally {
    await stopServer(server);
    await db.end().catch(() => undefined);
    await database.drop();
    await workload.close();
  }
}

const workloads = { email, whatsapp };
let failed = false;
for (const kind of kinds) {
  if (!workloads[kind]) throw new Error(`JOBS_KIND=${kind}: email or whatsapp`);
  if (!(await measure(await workloads[kind]()))) failed = true;
}
process.exit(failed ? 1 : 0);
