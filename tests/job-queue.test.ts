import { afterAll, beforeAll, expect, it } from 'vitest';
import net, { type AddressInfo, type Socket } from 'node:net';
import Fastify from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { jobs, orders } from '#server/db/schema/index.ts';
import { createJobRunner, jobLeaseMs } from '#server/jobs/job-queue.ts';
import { jobsRepo, maxJobAttempts } from '#server/jobs/jobs.repo.ts';
import { queueOrderReceipts } from '#server/email/email-jobs.ts';
import { createSmtpMailer, smtpTimeouts } from '#server/email/mailer.ts';
import { createTestDatabase } from './helpers/test-database';
import { createTestApp } from './helpers/test-app';
import { placeOrder } from './helpers/order-request';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** A job of a kind only these tests know, written straight to the table (`enqueue` takes the app's kinds). */
const queue = (kind: string, payload: Record<string, unknown>) =>
  jobsRepo.insert(database.db, kind, payload, new Date(0));

it('runs due jobs even when a poller before them fails', async () => {
  const ran: unknown[] = [];
  const runner = createJobRunner({
    db: database.db,
    handlers: { note: async (payload) => void ran.push(payload) },
    clock: () => new Date(),
    log: Fastify({ logger: { level: 'silent' } }).log,
    before: async () => {
      throw new Error('rollup unavailable');
    },
  });
  await queue('note', { n: 1 });
  expect(await runner.runOnce()).toBe(1);
  expect(ran).toEqual([{ n: 1 }]);
});

const quietLog = Fastify({ logger: { level: 'silent' } }).log;

it('a job that failed because the database went away is tried again in 2 s, not 30 s (issue 14 §2)', async () => {
  const now = new Date('2026-11-23T20:00:00Z');
  const runner = createJobRunner({
    db: database.db,
    handlers: {
      cut: async () => {
        throw Object.assign(new Error('terminating connection due to administrator command'), {
          code: '57P01',
        });
      },
      bug: async () => {
        throw new Error('a bug');
      },
    },
    clock: () => now,
    log: quietLog,
  });
  await queue('cut', {});
  await queue('bug', {});
  await runner.runOnce();
  const rows = await database.db
    .select()
    .from(jobs)
    .where(sql`${jobs.kind} in ('cut', 'bug')`);
  const retryIn = (kind: string) => rows.find((j) => j.kind === kind)!.runAt.getTime() - now.getTime();
  expect(retryIn('cut')).toBe(2_000);
  expect(retryIn('bug')).toBe(30_000);
  await database.db.delete(jobs).where(sql`${jobs.kind} in ('cut', 'bug')`);
});

it('drains a backlog in one go, at most `concurrency` handlers at a time (issue 10 §5)', async () => {
  let active = 0;
  let peak = 0;
  let done = 0;
  const runner = createJobRunner({
    db: database.db,
    handlers: {
      slow: async () => {
        active += 1;
        peak = Math.max(peak, active);
        await new Promise((resolve) => setTimeout(resolve, 5));
        active -= 1;
        done += 1;
      },
    },
    clock: () => new Date(),
    log: quietLog,
    intervalMs: 10,
    concurrency: 8,
  });
  for (let i = 0; i < 200; i++) await queue('slow', { i });
  runner.start();
  const started = Date.now();
  while (done < 200 && Date.now() - started < 10_000) await new Promise((resolve) => setTimeout(resolve, 20));
  await runner.stop();
  expect(done).toBe(200);
  expect(peak).toBeLessThanOrEqual(8);
  expect(peak).toBeGreaterThan(1);
});

it('keeps a job that used up its attempts as dead, counts it, and runs it again on request', async () => {
  let now = Date.now();
  let fail = true;
  const runner = createJobRunner({
    db: database.db,
    handlers: {
      flaky: async () => {
        if (fail) throw new Error('smtp down');
      },
    },
    clock: () => new Date(now),
    log: quietLog,
  });
  await queue('flaky', {});
  for (let attempt = 0; attempt < maxJobAttempts; attempt++) {
    expect(await runner.runOnce()).toBe(1);
    now += 31 * 60_000; // past every back-off
  }
  expect(await runner.runOnce()).toBe(0);
  expect(await jobsRepo.countDead(database.db)).toBe(1);
  const [dead] = await jobsRepo.listDead(database.db);
  expect(dead).toMatchObject({ kind: 'flaky', attempts: maxJobAttempts, lastError: 'Error: smtp down' });

  fail = false;
  expect(await jobsRepo.retryDead(database.db, dead!.id)).toBe(true);
  expect(await jobsRepo.retryDead(database.db, dead!.id)).toBe(false);
  expect(await runner.runOnce()).toBe(1);
  expect(await jobsRepo.countDead(database.db)).toBe(0);
});

it('marks an order’s receipt queued and queues its e-mail in one statement: a failed insert marks nothing', async () => {
  const app = await createTestApp({}, { database });
  try {
    const created = await placeOrder(app, { email: 'recibo-atomico@exemplo.com' });
    const orderId: string = created.json().order.id;
    const later = new Date(Date.now() + 5_000);
    // The job insert fails (as a crash between two statements would leave it): the order stays unmarked.
    await database.db.execute(
      sql`alter table jobs add constraint no_receipts check (kind <> 'order_received_email')`,
    );
    await expect(queueOrderReceipts(database.db, later)).rejects.toThrow();
    const [unmarked] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(unmarked!.receiptQueuedAt).toBeNull();
    await database.db.execute(sql`alter table jobs drop constraint no_receipts`);
    expect(await queueOrderReceipts(database.db, later)).toBeGreaterThanOrEqual(1);
    const queued = await database.db.select().from(jobs).where(eq(jobs.kind, 'order_received_email'));
    expect(queued.some((j) => j.payload.orderId === orderId)).toBe(true);
  } finally {
    await app.close();
  }
});

it('gives up on an SMTP server that never greets well within the job lease', async () => {
  const sockets: Socket[] = [];
  const silent = net.createServer((socket) => void sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address() as AddressInfo;
  try {
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}`, 'loja@impulso.example', {
      ...smtpTimeouts,
      greetingTimeout: 300,
    });
    const started = Date.now();
    await expect(mailer.send({ to: 'a@exemplo.com', subject: 's', html: 'h', text: 't' })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3_000);
    // The defaults, added up, still end a stalled send before another instance may claim the job.
    const { dnsTimeout, connectionTimeout, greetingTimeout, socketTimeout } = smtpTimeouts;
    expect(dnsTimeout + connectionTimeout + greetingTimeout + socketTimeout).toBeLessThan(jobLeaseMs);
  } finally {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  }
});

it('a lane of its own: submissions stuck on a slow panel do not hold the e-mails back (issue 11)', async () => {
  const sent: number[] = [];
  let release: () => void = () => undefined;
  const stuck = new Promise<void>((resolve) => (release = resolve));
  const runner = createJobRunner({
    db: database.db,
    handlers: {
      submit_delivery: () => stuck,
      lane_email: async (payload) => void sent.push(Number(payload.n)),
    },
    clock: () => new Date(),
    log: quietLog,
    concurrency: 2,
    lanes: [{ kinds: ['submit_delivery'], concurrency: 2 }],
    intervalMs: 10,
  });
  for (let i = 0; i < 4; i++) await queue('submit_delivery', { i });
  for (let n = 0; n < 6; n++) await queue('lane_email', { n });
  runner.start();
  await expect.poll(() => sent.length, { timeout: 5000 }).toBe(6);
  release();
  await runner.stop();
  await runner.drain();
  const left = await database.db.select().from(jobs).where(eq(jobs.kind, 'submit_delivery'));
  expect(left.every((j) => j.doneAt !== null)).toBe(true);
});

// Last: it leaves 1,200 receipt jobs behind.
it('queues every waiting receipt in one pass, not 500 per tick (a burst left a growing backlog)', async () => {
  const app = await createTestApp({}, { database });
  try {
    const created = await placeOrder(app, { email: 'rajada@exemplo.com' });
    const model: string = created.json().order.id;
    // 1,200 more orders like it, straight in the table (a burst the poller has not seen yet).
    await database.db.execute(sql`
      insert into orders (purchase_code, service, quantity, instagram, package_cents, add_ons_cents, total_cents,
        name, email, whatsapp, cpf, status, payment_status, payment_method, installments, idempotency_key,
        request_hash, created_at, updated_at)
      select (800000000000 + n)::text, service, quantity, instagram, package_cents, add_ons_cents, total_cents,
        name, email, whatsapp, cpf, status, payment_status, payment_method, installments, 'rajada-' || n,
        request_hash, created_at, updated_at
      from orders, generate_series(1, 1200) as n where id = ${model}`);
    const waiting = async () =>
      (
        await database.db
          .select()
          .from(orders)
          .where(sql`${orders.receiptQueuedAt} is null`)
      ).length;
    expect(await waiting()).toBeGreaterThanOrEqual(1201);
    await queueOrderReceipts(database.db, new Date(Date.now() + 5_000));
    expect(await waiting()).toBe(0);
  } finally {
    await app.close();
  }
});
