import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs, orders, outboxEmails, whatsappMessages } from '#server/db/schema/index.ts';
import { whatsappVariables } from '#shared/whatsapp.ts';
import { enqueue } from '#server/jobs/job-queue.ts';
import { whatsappCheck } from '#server/doctor/whatsapp-check.ts';
import { erasePersonalData } from '#server/privacy/personal-data.repo.ts';
import { exportPersonalData } from '#server/privacy/personal-data-export.repo.ts';
import { operatorCookie } from './helpers/accounts';
import { placeOrder } from './helpers/order-request';
import { createTestApp, type TestApp } from './helpers/test-app';
import { nameShopTemplates, whatsappEnv } from './helpers/whatsapp';
import { startFakeCloudApi, type FakeCloudApi } from './fake-whatsapp/fake-cloud-api';

// Issue 28: messages through the (fake) Cloud API — each once, only with consent, never after PARAR; a
// lost answer is settled by the status webhook, not sent again; the webhook's handshake and signature.

const adminEmail = 'dona@impulso.example';
let fake: FakeCloudApi;
let app: TestApp;
let second: TestApp;
let now = new Date('2026-11-27T12:00:00Z');
const clock = () => now;
const later = (ms: number) => (now = new Date(now.getTime() + ms));

beforeAll(async () => {
  fake = await startFakeCloudApi();
  fake.approveShopTemplates();
  const env = { ADMIN_EMAIL: adminEmail, ...whatsappEnv(fake) };
  app = await createTestApp(env, { clock });
  second = await createTestApp(env, { clock, database: app.database });
  await nameShopTemplates(app, adminEmail);
});
afterAll(async () => {
  await second.close();
  await app.close();
  await fake.close();
});

/**
 * Every due job on both instances at once, the pollers' one-second grace passed; then once more on one
 * (a receipt queued by one instance's poller after the other had finished draining).
 */
const drain = async () => {
  later(2_000);
  await Promise.all([app.jobs.drain(), second.jobs.drain()]);
  await app.jobs.drain();
};
const order = async (whatsapp: string, whatsappUpdates: boolean) => {
  const res = await placeOrder(app, {
    whatsapp,
    whatsappUpdates,
    email: `c${whatsapp.slice(-4)}@exemplo.com`,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { order: { id: string }; payment: { id: string; pixPayload: string } };
};
const messagesOf = (orderId: string) =>
  app.database.db.select().from(whatsappMessages).where(eq(whatsappMessages.orderId, orderId));
const sentTo = (to: string) => fake.sent.filter((m) => m.to === to);
const webhook = (body: string, signature: string | null = fake.sign(body)) =>
  app.server.inject({
    method: 'POST',
    url: '/api/webhooks/whatsapp',
    headers: {
      'content-type': 'application/json',
      ...(signature ? { 'x-hub-signature-256': signature } : {}),
    },
    payload: body,
  });

describe('WhatsApp messages', () => {
  it('a buyer who ticked the box gets each message once; the e-mails still go; one who did not gets none', async () => {
    const yes = await order('(11) 9 1111-0001', true);
    const no = await order('(11) 9 1111-0002', false);
    const [row] = await app.database.db.select().from(orders).where(eq(orders.id, yes.order.id));
    expect(row?.whatsappConsentAt).toEqual(now);
    await drain();
    await drain();
    const received = sentTo('5511911110001');
    expect(received.map((m) => m.template)).toEqual(['impulso_order_received']);
    expect(received[0]!.parameters[3]).toBe(yes.payment.pixPayload);
    expect(received[0]!.parameters[4]).toContain(`/order/${yes.order.id}`);
    await app.server.inject({ method: 'POST', url: `/api/sandbox/payments/${yes.payment.id}/confirm` });
    await app.server.inject({ method: 'POST', url: `/api/sandbox/payments/${no.payment.id}/confirm` });
    await drain();
    await drain();
    expect(sentTo('5511911110001').map((m) => m.template)).toEqual([
      'impulso_order_received',
      'impulso_payment_confirmed',
    ]);
    expect(sentTo('5511911110002')).toEqual([]);
    expect(await messagesOf(no.order.id)).toEqual([]);
    const emails = await app.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.to, 'c0001@exemplo.com'));
    expect(emails.length).toBeGreaterThanOrEqual(2);
    expect((await messagesOf(yes.order.id)).map((m) => m.state).sort()).toEqual(['sent', 'sent']);
  });

  it('statuses move each message forward once, under duplicate and late webhooks', async () => {
    const placed = await order('(11) 9 1111-0003', true);
    await drain();
    const [message] = sentTo('5511911110003');
    for (const status of ['delivered', 'delivered', 'read', 'sent', 'delivered']) {
      const res = await webhook(fake.statusEvent(message!, status));
      expect(res.statusCode).toBe(200);
    }
    const [row] = await messagesOf(placed.order.id);
    expect(row).toMatchObject({ state: 'read', wamid: message!.wamid });
  });

  it('two instances and a job queued twice still send one message', async () => {
    const placed = await order('(11) 9 1111-0004', true);
    for (let i = 0; i < 4; i++)
      await enqueue(app.database.db, 'whatsapp_message', {
        orderId: placed.order.id,
        kind: 'order_received',
      });
    await drain();
    await drain();
    expect(sentTo('5511911110004')).toHaveLength(1);
  });

  it('a lost answer is a conferir, never sent again, and settled by the status webhook', async () => {
    fake.failNext({ kind: 'lose_answer' });
    const placed = await order('(11) 9 1111-0005', true);
    await drain();
    expect(await messagesOf(placed.order.id)).toMatchObject([{ state: 'a_conferir', wamid: null }]);
    await enqueue(app.database.db, 'whatsapp_message', { orderId: placed.order.id, kind: 'order_received' });
    await drain();
    expect(sentTo('5511911110005')).toHaveLength(1);
    await webhook(fake.statusEvent(sentTo('5511911110005')[0]!, 'sent'));
    expect(await messagesOf(placed.order.id)).toMatchObject([
      { state: 'sent', wamid: sentTo('5511911110005')[0]!.wamid },
    ]);
  });

  it('a rate limit is not a failure: the message goes later, once', async () => {
    fake.failNext({ kind: 'meta_error', code: 130429 });
    const placed = await order('(11) 9 1111-0006', true);
    await drain();
    expect(await messagesOf(placed.order.id)).toMatchObject([{ state: 'waiting', errorCode: 130429 }]);
    expect(sentTo('5511911110006')).toEqual([]);
    later(60_000);
    await drain();
    expect(sentTo('5511911110006')).toHaveLength(1);
    expect(await messagesOf(placed.order.id)).toMatchObject([{ state: 'sent' }]);
  });

  it('refusals are kept with their code; a failed status too', async () => {
    fake.failNext({ kind: 'meta_error', code: 131047 });
    const refused = await order('(11) 9 1111-0007', true);
    await drain();
    expect(await messagesOf(refused.order.id)).toMatchObject([{ state: 'failed', errorCode: 131047 }]);
    const undeliverable = await order('(11) 9 1111-0008', true);
    await drain();
    await webhook(
      fake.statusEvent(sentTo('5511911110008')[0]!, 'failed', [
        { code: 131026, title: 'Message undeliverable' },
      ]),
    );
    expect(await messagesOf(undeliverable.order.id)).toMatchObject([{ state: 'failed', errorCode: 131026 }]);
    const jobsLeft = await app.database.db.select().from(jobs).where(eq(jobs.kind, 'whatsapp_message'));
    expect(jobsLeft.every((j) => j.doneAt !== null)).toBe(true);
  });

  it('a template whose variables differ from the approved one is refused by the fake (132000)', async () => {
    fake.approve('impulso_order_received', whatsappVariables.order_received.length + 1);
    const placed = await order('(11) 9 1111-0009', true);
    await drain();
    fake.approve('impulso_order_received', whatsappVariables.order_received.length);
    expect(await messagesOf(placed.order.id)).toMatchObject([{ state: 'failed', errorCode: 132000 }]);
  });

  it('"PARAR" (any case, accents, without the ninth digit) stops the messages to that number', async () => {
    const res = await webhook(fake.inboundEvent('551111110010', ' párar '));
    expect(res.statusCode).toBe(200);
    const placed = await order('(11) 9 1111-0010', true);
    await drain();
    expect(sentTo('5511911110010')).toEqual([]);
    expect(await messagesOf(placed.order.id)).toMatchObject([
      { state: 'skipped', errorText: 'O cliente respondeu PARAR' },
    ]);
  });

  it('the webhook: handshake with the verify token; POSTs signed with the app secret only', async () => {
    const ok = await app.server.inject({
      url: '/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=verifica-impulso-123&hub.challenge=1158201444',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    const wrong = await app.server.inject({
      url: '/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=outro&hub.challenge=1158201444',
    });
    expect(wrong.statusCode).toBe(403);
    const body = fake.inboundEvent('5511911119999', 'PARAR');
    expect((await webhook(body, null)).statusCode).toBe(401);
    expect((await webhook(body, fake.sign(`${body} `))).statusCode).toBe(403);
    expect((await webhook(body, 'sha256=zz')).statusCode).toBe(403);
    expect((await webhook(body)).statusCode).toBe(200);
  });

  it('the panel shows each message with its state and code, and PARAR; the doctor reaches the number', async () => {
    const list = await app.server.inject({
      url: '/api/admin/orders?period=all&pageSize=100',
      headers: { cookie: await operatorCookie(app, adminEmail) },
    });
    expect(list.statusCode).toBe(200);
    const rows = list.json().orders as Array<{
      whatsapp: string;
      whatsappOptedOut: boolean;
      whatsappMessages: Array<{ label: string; stateLabel: string; errorCode: number | null }>;
    }>;
    expect(rows.find((r) => r.whatsapp === '11911110007')?.whatsappMessages).toEqual([
      expect.objectContaining({ label: 'Pedido recebido', stateLabel: 'falhou', errorCode: 131047 }),
    ]);
    expect(rows.find((r) => r.whatsapp === '11911110010')?.whatsappOptedOut).toBe(true);
    expect(await whatsappCheck(app.config, 2_000)).toMatchObject([
      { ok: true, message: expect.stringContaining('Graph API v25.0, disponível até 29/07/2028') },
      { ok: true, message: expect.stringContaining('+55 11 4000-0000') },
    ]);
    expect(
      await whatsappCheck({ ...app.config, whatsapp: { ...app.config.whatsapp!, token: 'errado' } }, 2_000),
    ).toMatchObject([{ ok: true }, { ok: false, message: expect.stringContaining('WHATSAPP_TOKEN') }]);
  });

  it("the consent is in the buyer's LGPD export and erased with the rest", async () => {
    const placed = await order('(11) 9 1111-0011', true);
    const person = { kind: 'mailbox', email: 'c0011@exemplo.com' } as const;
    const exported = JSON.stringify(await exportPersonalData(app.database.db, person));
    expect(exported).toContain('"whatsappConsentAt"');
    await erasePersonalData(app.database.db, person, now);
    const [row] = await app.database.db.select().from(orders).where(eq(orders.id, placed.order.id));
    expect(row?.whatsappConsentAt).toBeNull();
  });

  it('off without the four settings: no webhook, no consent asked, no job', async () => {
    const off = await createTestApp();
    expect(off.config.whatsapp).toBeNull();
    expect(off.config.shop.whatsappUpdates).toBe(false);
    expect(
      (await off.server.inject({ method: 'POST', url: '/api/webhooks/whatsapp', payload: {} })).statusCode,
    ).toBe(404);
    await off.close();
  });
});
