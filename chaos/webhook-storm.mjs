// `npm run chaos:webhooks` (issue 14 §3): 300 PIX orders at the fake Asaas server (tests/fake-asaas, the
// API as published); as soon as each charge exists it is paid there, and 1,000 webhook deliveries for the
// 300 payments (PAYMENT_RECEIVED and PAYMENT_CONFIRMED, each sent 1–3 times, shuffled, many before the
// checkout's own answer) go to the app, while reconciliation polls the same payments every 5 s. Each
// order must be paid once: one confirmation e-mail, one set of deliveries, one submission each (the
// likes add-on, bought without its post link, waits for it: one e-mail asking for the link instead).
import { startFakeAsaas } from '../tests/fake-asaas/fake-asaas-server.ts';
import { startServer, stopServer } from '../bench/lib.mjs';
import { asaasEvent, freshDatabase, placeOrder, relaxedLimits } from './lib.mjs';

const port = Number(process.env.CHAOS_PORT ?? 3294);
const base = `http://127.0.0.1:${port}`;
const token = 'whsec_chaos_webhook_storm_0123456789abcdef';
const orderCount = 300;
const deliveryCount = 1000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = (n) => 1 + Math.floor(Math.random() * n);

const fake = await startFakeAsaas();
const database = await freshDatabase('postgres');
const server = await startServer({
  port,
  env: {
    ...database.env,
    ...relaxedLimits,
    PAYMENT_PROVIDER: 'asaas',
    ASAAS_API_URL: fake.url,
    ASAAS_API_KEY: fake.apiKey,
    ASAAS_WEBHOOK_TOKEN: token,
    RECONCILE_INTERVAL_SECONDS: '5',
  },
  stdio: 'ignore',
});

const answered = new Set(); // orders whose checkout answer arrived
const scheduled = new Set(); // charges already paid at the fake and given their events
const queue = [];
const answers = {};
let sent = 0;
let beforeAnswer = 0;
let placing = true;

/** Pays every new charge at the fake and queues its deliveries (the same event id for every copy). */
function scheduleNewCharges() {
  for (const payment of fake.payments.values()) {
    if (scheduled.has(payment.id)) continue;
    scheduled.add(payment.id);
    payment.status = 'RECEIVED';
    const copies = [];
    for (let i = pick(3); i > 0; i--) copies.push(asaasEvent('PAYMENT_RECEIVED', payment, i));
    for (let i = pick(3) - 1; i > 0; i--) copies.push(asaasEvent('PAYMENT_CONFIRMED', payment, i));
    queue.push(...copies.map((body) => ({ body, orderId: payment.externalReference })));
  }
  // Shuffled: a payment's deliveries arrive in any order, mixed with the others'.
  for (let i = queue.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [queue[i], queue[j]] = [queue[j], queue[i]];
  }
}

async function deliver() {
  while (placing || queue.length || sent < deliveryCount) {
    scheduleNewCharges();
    let next = queue.pop();
    if (!next && !placing && sent < deliveryCount && scheduled.size) {
      // Top up to exactly 1,000 with more redeliveries of random events.
      const ids = [...scheduled];
      const payment = fake.payments.get(ids[Math.floor(Math.random() * ids.length)]);
      next = { body: asaasEvent('PAYMENT_RECEIVED', payment, 0), orderId: payment.externalReference };
    }
    if (!next || sent >= deliveryCount) {
      if (!placing && sent >= deliveryCount) return;
      await sleep(5);
      continue;
    }
    sent += 1;
    if (!answered.has(next.orderId)) beforeAnswer += 1;
    const res = await fetch(`${base}/api/webhooks/asaas`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'asaas-access-token': token },
      body: JSON.stringify(next.body),
    }).catch(() => null);
    answers[res?.status ?? 0] = (answers[res?.status ?? 0] ?? 0) + 1;
  }
}

async function buyers() {
  let placed = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (placed < orderCount) {
        placed += 1;
        const result = await placeOrder(base);
        if (result.order) answered.add(result.order.id);
      }
    }),
  );
  placing = false;
}

await Promise.all([buyers(), ...Array.from({ length: 16 }, deliver)]);

// Reconciliation applies what arrived before our rows knew their charge (stored events, 30 s later).
let unpaid = -1;
for (let waited = 0; waited < 90_000 && unpaid !== 0; waited += 2_000) {
  await sleep(2_000);
  unpaid = (await database.query(`select count(*)::int as n from orders where payment_status <> 'paid'`))[0]
    .n;
}
await sleep(5_000); // the last deliveries' submissions
const [counts] = await database.query(`
  select
    (select count(*)::int from orders) as orders,
    (select count(*)::int from orders o where (select count(*) from jobs j where j.kind = 'payment_confirmed_email'
       and j.payload->>'orderId' = o.id::text) <> 1) as "confirmation e-mail not once",
    (select count(*)::int from orders o where (select count(*) from deliveries d where d.order_id = o.id)
       <> 1 + jsonb_array_length(o.add_ons)) as "deliveries not one per item",
    (select count(*)::int from deliveries d where (select count(*) from jobs j
       where j.kind = case when d.state = 'invalid_link' then 'delivery_link_email' else 'submit_delivery' end
       and j.payload->>'deliveryId' = d.id::text) <> 1) as "submission (or link request) not once"`);
await stopServer(server);
await fake.close();
await database.drop();

console.log(`${sent} webhook deliveries for ${scheduled.size} payments, with reconciliation every 5 s`);
console.table({
  ...counts,
  unpaid,
  'webhook answers': JSON.stringify(answers),
  'deliveries sent before the checkout answered': beforeAnswer,
});
const failed =
  unpaid !== 0 ||
  counts.orders !== orderCount ||
  counts['confirmation e-mail not once'] ||
  counts['deliveries not one per item'] ||
  counts['submission (or link request) not once'] ||
  Object.keys(answers).some((status) => status !== '200');
if (failed) {
  console.error('FAILED');
  process.exit(1);
}
console.log('OK: every payment made one transition; one e-mail and one submission per order');
