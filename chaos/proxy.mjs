// `npm run chaos:proxy` (issue 14 §4): two app instances on one PostgreSQL behind nginx (Debian's package)
// with TLS, configured from deploy/nginx.conf. The main e2e journeys run through the proxy, which alternates
// requests between the instances; then, through the proxy too, the admin sign-in lock and the lookup limits
// are hit from both instances. Asserts: the journeys pass, both instances served and ran jobs, no e-mail
// was sent twice, every delivery went to the SMM panel exactly once, the lock and limits held across the
// instances. Needs `npm run build` and nginx (`apt-get install -y nginx-light`).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { e2eServerEnv } from '../e2e/server-env.ts';
import { smmPanelEnv, startFakeSmmPanel } from '../tests/fake-smm/fake-smm-panel.ts';
import { root, startServer, stopServer } from '../bench/lib.mjs';
import { freshDatabase } from './lib.mjs';
import { nginxConfig } from './proxy-nginx.mjs';
import { proxyClient } from './proxy-client.mjs';

const base = Number(process.env.PROXY_PORT ?? 3240);
const ports = { http: base, https: base + 1, a: base + 2, b: base + 3, smtpA: base + 4, smtpB: base + 5 };
const specs = ['checkout', 'lookup', 'accounts', 'admin', 'catalogue'].map((s) => `e2e/${s}.spec.ts`);
const adminEmail = 'dona@impulso.example';
const adminPassword = randomBytes(12).toString('base64url');

const dir = mkdtempSync(path.join(tmpdir(), 'impulso-proxy-'));
chmodSync(dir, 0o755);
const serverLog = path.join(dir, 'servers.log');
const mailLog = path.join(dir, 'mail.jsonl');
const accessLog = path.join(dir, 'access.log');
const children = [];
const database = await freshDatabase('postgres');
const panel = await startFakeSmmPanel();
panel.balance = 1e9;

function spawnLogged(command, args, env = {}) {
  const out = openSync(serverLog, 'a');
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', out, out] });
  children.push(child);
  return child;
}

const instanceEnv = (smtpPort) => ({
  ...database.env,
  ...e2eServerEnv({ smtpPort, mailLog }),
  // The scale-out rule of docs/operations.md §9: one secret for every instance, so a client's rate-limit key is the same.
  RATE_LIMIT_SECRET: randomBytes(24).toString('hex'),
  // nginx appends the address it saw to the journeys' own X-Forwarded-For (they pose as buyers at
  // different addresses, as the single-instance run lets them with TRUST_PROXY=1): two trusted hops.
  TRUST_PROXY: '2',
  PUBLIC_URL: `https://127.0.0.1:${ports.https}`,
  ...smmPanelEnv(panel),
});

let failures = [];
const servers = [];
try {
  for (const smtpPort of [ports.smtpA, ports.smtpB])
    spawnLogged(process.execPath, ['e2e/mail-sink.mjs'], { E2E_SMTP_PORT: smtpPort, E2E_MAIL_LOG: mailLog });
  const envA = instanceEnv(ports.smtpA);
  const envB = { ...instanceEnv(ports.smtpB), RATE_LIMIT_SECRET: envA.RATE_LIMIT_SECRET };
  // The first instance migrates; the admin is made as docs/admin.md says, then the second joins.
  const out = openSync(serverLog, 'a');
  servers.push(await startServer({ port: ports.a, env: envA, stdio: ['ignore', out, out] }));
  execFileSync(
    process.execPath,
    ['dist/server/admin-create.js', `--email=${adminEmail}`, `--password=${adminPassword}`],
    { cwd: root, env: { ...process.env, ...envA }, stdio: 'ignore' },
  );
  servers.push(await startServer({ port: ports.b, env: envB, stdio: ['ignore', out, out] }));

  const conf = nginxConfig({ dir, ports, accessLog });
  execFileSync('nginx', ['-t', '-q', '-p', dir, '-c', conf], { stdio: 'inherit' });
  const nginx = spawnLogged('nginx', ['-p', dir, '-c', conf, '-g', 'daemon off;']);
  const client = proxyClient({ port: ports.https, ca: readFileSync(path.join(dir, 'cert.pem')), accessLog });
  await client.waitUntilUp(nginx);

  console.log(`nginx https://127.0.0.1:${ports.https} → instances :${ports.a} and :${ports.b}`);
  const journeys = spawn('npx', ['playwright', 'test', ...specs], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_BASE_URL: `https://127.0.0.1:${ports.https}`,
      E2E_DATA_DIR: dir,
      E2E_SERVER_LOG: serverLog,
      E2E_MAIL_LOG: mailLog,
      E2E_ADMIN_PASSWORD: adminPassword,
    },
  });
  const journeysExit = await new Promise((resolve) => journeys.once('exit', resolve));
  if (journeysExit !== 0) failures.push(`the e2e journeys through the proxy failed (exit ${journeysExit})`);

  failures = failures.concat(await client.checkRedirect(ports.http));
  failures = failures.concat(await client.checkAdminLock(adminEmail, adminPassword));
  failures = failures.concat(await client.checkLookupLimits());
  await new Promise((r) => setTimeout(r, 5_000)); // the journeys' last e-mails and submissions
  failures = failures.concat(client.checkAlternation(ports));
  failures = failures.concat(checkMail());
  failures = failures.concat(await checkSubmissions());
} catch (err) {
  failures.push(String(err?.stack ?? err));
} finally {
  for (const server of servers) await stopServer(server);
  for (const child of children) child.kill('SIGTERM');
  await panel.close();
  await database.drop();
}

/** Every e-mail once, and both instances' job queues sent some. */
function checkMail() {
  const mails = existsSync(mailLog)
    ? readFileSync(mailLog, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
    : [];
  const fromA = mails.filter((m) => m.via === ports.smtpA).length;
  // The message without its transport headers (Date, Message-ID differ between two sends of one job).
  const content = (m) => `${m.to}|${m.text.replace(/^(Date|Message-ID):.*$/gim, '')}`;
  const seen = new Map();
  for (const m of mails) seen.set(content(m), (seen.get(content(m)) ?? 0) + 1);
  const doubles = [...seen.values()].filter((n) => n > 1).length;
  console.table({
    'e-mails sent': {
      total: mails.length,
      'by instance A': fromA,
      'by instance B': mails.length - fromA,
      'sent twice': doubles,
    },
  });
  const problems = [];
  if (!fromA || fromA === mails.length) problems.push('one instance sent no e-mail: its jobs did not run');
  if (doubles) problems.push(`${doubles} e-mails sent more than once`);
  return problems;
}

/** One `add` at the panel per delivery that has a panel order, and no delivery left waiting. */
async function checkSubmissions() {
  const [row] = await database.query(`
    select count(*) filter (where panel_order_id is not null)::int as submitted,
           count(distinct panel_order_id)::int as distinct_orders,
           count(*) filter (where state in ('queued', 'submitting', 'unknown'))::int as waiting
      from deliveries`);
  const adds = panel.calls.filter((c) => c.action === 'add').length;
  console.table({
    'SMM panel': { deliveries: row.submitted, 'add calls': adds, 'still queued': row.waiting },
  });
  const problems = [];
  if (row.submitted === 0) problems.push('no delivery was submitted: the proof would show nothing');
  if (adds !== row.submitted || row.distinct_orders !== row.submitted)
    problems.push(`${adds} add calls for ${row.submitted} submitted deliveries`);
  if (row.waiting) problems.push(`${row.waiting} deliveries still queued`);
  return problems;
}

if (failures.length) {
  console.error(`FAILED:\n- ${failures.join('\n- ')}\n(logs in ${dir})`);
  process.exit(1);
}
console.log(
  'OK: the journeys, the lock and the limits held across two instances behind nginx; jobs ran once',
);
process.exit(0);
