// `npm run chaos:outage` (issue 14 §5): the payment provider and the mail server go down while buyers
// check out. The fake Asaas server (tests/fake-asaas) first answers every request with a 503 page, then
// stops answering at all (the app's 20 s timeout decides); the SMTP server first refuses connections,
// then answers 421. Buyers check out through the API and in Chromium. Asserts: every buyer reads the
// shop's pt-BR message (never a 500), every order stays `pendente` and unpaid with nothing charged; once
// Asaas is back the same checkout (same Idempotency-Key) gets its PIX and is paid once; once SMTP is back
// every e-mail that failed is sent, and none twice. Needs `npm run build` and Chromium.
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '#shared/messages.ts';
import { startFakeAsaas } from '../tests/fake-asaas/fake-asaas-server.ts';
import { benchOrder, startServer, stopServer } from '../bench/lib.mjs';
import { asaasEvent, freshDatabase, placeOrder, relaxedLimits } from './lib.mjs';
import { browserCheckout, openBrowser } from './outage-browser.mjs';
import { startMailSink } from './outage-mail-sink.mjs';

const port = Number(process.env.CHAOS_PORT ?? 3295);
const base = `http://127.0.0.1:${port}`;
const token = 'whsec_chaos_outage_0123456789abcdef';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const failures = [];
const check = (ok, what) => ok || failures.push(what);
const card = { number: '4444 4444 4444 4444', expiry: '12/30', cvv: '123', holderName: 'ana souza' };
const address = {
  cep: '01310100',
  street: 'Av. Paulista',
  number: '1000',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
};
let buyers = 0;
const buyer = (kind) => `queda-${kind}-${(buyers += 1)}@exemplo.com`;

const fake = await startFakeAsaas();
const sink = await startMailSink();
const database = await freshDatabase('postgres');
const log = path.join(mkdtempSync(path.join(tmpdir(), 'impulso-outage-')), 'server.log');
const server = await startServer({
  port,
  env: {
    ...database.env,
    ...relaxedLimits,
    CARD_ATTEMPTS_PER_IP: '10000',
    PUBLIC_URL: base,
    PAYMENT_PROVIDER: 'asaas',
    ASAAS_API_URL: fake.url,
    ASAAS_API_KEY: fake.apiKey,
    ASAAS_WEBHOOK_TOKEN: token,
    RECONCILE_INTERVAL_SECONDS: '5',
    SMTP_URL: sink.url,
  },
  stdio: ['ignore', openSync(log, 'a'), openSync(log, 'a')],
});
// An interrupted run must not leave the server behind on its port.
process.on('exit', () => server.exitCode === null && server.kill('SIGKILL'));
const browser = await openBrowser();
const query = database.query;

/** `count` API checkouts by `method` at once, plus one in the browser; what each buyer was answered. */
async function checkouts(method, count) {
  const body = () =>
    method === 'pix'
      ? benchOrder(buyer('pix'))
      : { ...benchOrder(buyer('cartao')), paymentMethod: 'credit_card', card, address };
  const started = Date.now();
  const bodies = Array.from({ length: count }, body);
  const [api, shown] = await Promise.all([
    Promise.all(bodies.map((b) => placeOrder(base, { body: b }).then((answer) => ({ ...answer, body: b })))),
    browserCheckout(browser, base, { method, email: buyer(`navegador-${method}`) }),
  ]);
  return { api, shown, seconds: (Date.now() - started) / 1000 };
}

function expectAnswers(phase, run, code) {
  const message = messages[code];
  for (const answer of run.api)
    check(
      answer.status === 502 && answer.error?.code === code && answer.error?.message === message,
      `${phase}: API answered ${answer.status} ${JSON.stringify(answer.error)}, not 502 ${code}`,
    );
  // The alert: its title ("Erro ao processar"), then the message.
  check(
    run.shown.shown.endsWith(message),
    `${phase}: the checkout showed "${run.shown.shown}", not "${message}"`,
  );
  check(run.shown.stillAtCheckout, `${phase}: the buyer left the checkout`);
}

// 1. Asaas answers 503; SMTP refuses connections.
fake.outage(503);
const pix503 = await checkouts('pix', 20);
const card503 = await checkouts('card', 5);
expectAnswers('PIX, Asaas 503', pix503, 'pix_failed');
expectAnswers('card, Asaas 503', card503, 'card_outcome_unknown');

// 2. Asaas stops answering; SMTP answers 421.
await sink.refuse();
fake.outage('hang');
const pixHang = await checkouts('pix', 5);
expectAnswers('PIX, Asaas silent', pixHang, 'pix_failed');

const [during] = await query(`select
    count(*)::int as orders,
    count(*) filter (where status <> 'pendente' or payment_status <> 'unpaid')::int as "not pendente and unpaid"
  from orders`);
check(during.orders === 33, `${during.orders} orders stored, not 33`);
check(during['not pendente and unpaid'] === 0, `${during['not pendente and unpaid']} orders left pendente`);
const chargedDuringOutage = fake.payments.size;
check(chargedDuringOutage === 0, `${chargedDuringOutage} charges made at Asaas while it was down`);

// 3. Asaas is back: each PIX buyer retries the same checkout and gets the order's PIX; Asaas then says paid.
fake.outage(null);
const retried = await Promise.all(
  [...pix503.api, ...pixHang.api].map((failed) =>
    placeOrder(base, { key: failed.key, body: failed.body }).then((again) => ({ failed, again })),
  ),
);
for (const { failed, again } of retried)
  check(
    again.status === 201 &&
      again.order?.id === failed.error?.orderId &&
      /^000201/.test(again.payment?.pixPayload),
    `a retried PIX checkout answered ${again.status}, not 201 with the same order and a PIX`,
  );
const webhookAnswers = [];
for (const payment of fake.payments.values()) {
  payment.status = 'RECEIVED';
  const res = await fetch(`${base}/api/webhooks/asaas`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'asaas-access-token': token },
    body: JSON.stringify(asaasEvent('PAYMENT_RECEIVED', payment)),
  });
  webhookAnswers.push(res.status);
}
check(
  webhookAnswers.every((status) => status === 200),
  `webhooks answered ${[...new Set(webhookAnswers)]}`,
);

// 4. SMTP comes back once every e-mail due so far has failed at least once.
const emailKinds = `kind like '%email%'`;
// Due e-mails, and those failed and waiting for their retry (a PIX reminder due later is neither).
const dueEmails = async () =>
  (
    await query(`select count(*) filter (where done_at is null and last_error is null)::int as untried,
      count(*) filter (where done_at is null)::int as open
      from jobs where ${emailKinds} and (run_at <= now() or last_error is not null)`)
  )[0];
for (let waited = 0; waited < 60_000 && (await dueEmails()).untried > 0; waited += 1_000) await sleep(1_000);
const failedBeforeOpen = (
  await query(`select count(*)::int as n from jobs where ${emailKinds} and last_error is not null`)
)[0].n;
await sink.open();
const reopened = Date.now();
let open = -1;
for (let waited = 0; waited < 300_000 && open !== 0; waited += 2_000) {
  await sleep(2_000);
  open = (await dueEmails()).open;
}
const drainSeconds = (Date.now() - reopened) / 1000;

const [after] = await query(`select
    count(*) filter (where payment_status = 'paid')::int as paid,
    count(*) filter (where payment_status = 'unpaid' and status = 'pendente')::int as "unpaid, pendente",
    (select count(*)::int from payments where status = 'unknown') as "card attempts left unknown",
    (select max(attempts)::int from jobs where ${emailKinds}) as "most attempts of an e-mail",
    (select count(*)::int from jobs where ${emailKinds} and attempts > 1) as "e-mails retried"
  from orders`);
const emailJobs = await query(`select kind, count(*)::int as jobs, max(attempts)::int as "most attempts",
  count(*) filter (where done_at is not null)::int as sent from jobs where ${emailKinds} group by kind`);
const perMessage = new Map();
for (const { to, subject } of sink.received)
  perMessage.set(`${to} ${subject}`, (perMessage.get(`${to} ${subject}`) ?? 0) + 1);
const twice = [...perMessage.values()].filter((n) => n > 1).length;
// Each buyer's e-mails: the jobs of their order and of its deliveries (receipt, confirmation, ...).
const expected = await query(`select o.email, count(j.id)::int as emails from orders o
  left join jobs j on ${emailKinds} and j.done_at is not null and (j.payload->>'orderId' = o.id::text
    or j.payload->>'deliveryId' in (select d.id::text from deliveries d where d.order_id = o.id))
  group by o.email`);
const missing = expected.filter(
  ({ email, emails }) => emails === 0 || sink.received.filter((m) => m.to === email).length !== emails,
).length;
const cardChargedAfter = [...fake.payments.values()].filter((p) => p.billingType === 'CREDIT_CARD').length;

await browser.close();
await stopServer(server);
await fake.close();
await sink.close();
await database.drop();
const leaked = readFileSync(log, 'utf8').includes('4444444444444444');

// Paid: the 25 PIX checkouts retried through the API; unpaid: the 6 by card and the 2 PIX in the browser.
check(after.paid === 25, `${after.paid} PIX orders paid after the outage, not 25`);
check(after['unpaid, pendente'] === 8, `${after['unpaid, pendente']} orders unpaid and pendente, not 8`);
check(cardChargedAfter === 0, `${cardChargedAfter} card charges made at Asaas`);
check(open === 0, `${open} e-mails still unsent ${drainSeconds} s after SMTP came back`);
check(failedBeforeOpen > 0, 'no e-mail failed while SMTP was down: the outage was not exercised');
check(twice === 0, `${twice} e-mails sent more than once`);
check(missing === 0, `${missing} buyers without exactly one of each of their e-mails`);
check(!leaked, 'the server log holds a card number');

console.table({
  'PIX, Asaas 503 (API ×20 + browser)': { seconds: pix503.seconds, shown: pix503.shown.shown },
  'card, Asaas 503 (API ×5 + browser)': { seconds: card503.seconds, shown: card503.shown.shown },
  'PIX, Asaas silent (API ×5 + browser)': { seconds: pixHang.seconds, shown: pixHang.shown.shown },
});
console.table({
  ...during,
  'charges while down': chargedDuringOutage,
  'PIX retries answered 201': retried.filter(({ again }) => again.status === 201).length,
  ...after,
  'e-mails failed while SMTP was down': failedBeforeOpen,
  'e-mails received': sink.received.length,
  'sent twice': twice,
  'seconds to send the backlog': drainSeconds,
});
console.table(emailJobs);
if (failures.length) {
  console.error(`FAILED:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log(
  'OK: pt-BR messages, orders pendente, nothing charged while down; paid once and every e-mail sent once after',
);
