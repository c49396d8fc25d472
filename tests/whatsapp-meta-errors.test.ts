import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { jobs, payments, whatsappMessages } from '#server/db/schema/index.ts';
import { envSchema } from '#server/config-env.ts';
import { graphApiVersionLine } from '#server/doctor/whatsapp-check.ts';
import { placeOrder } from './helpers/order-request';
import { createTestApp, type TestApp } from './helpers/test-app';
import { nameShopTemplates, whatsappEnv } from './helpers/whatsapp';
import { startFakeCloudApi, type FakeCloudApi } from './fake-whatsapp/fake-cloud-api';

// Issue 44: Meta's errors as its error-code page lists them (tests/fake-whatsapp/CONTRACT.md): transient
// ones retried with the queue's back-off, never left "a conferir"; the number's and the buyer's limits
// (131048, 131049) retried a day later, whether they come as the answer or in a `failed` status; the
// parameter text Meta refuses never sent; the Graph API version checked against Meta's table.

const adminEmail = 'dona@impulso.example';
let fake: FakeCloudApi;
let app: TestApp;
let now = new Date('2026-11-27T12:00:00Z');
const clock = () => now;
const later = (ms: number) => (now = new Date(now.getTime() + ms));
const day = 24 * 3_600_000;

beforeAll(async () => {
  fake = await startFakeCloudApi();
  fake.approveShopTemplates();
  app = await createTestApp({ ADMIN_EMAIL: adminEmail, ...whatsappEnv(fake) }, { clock });
  await nameShopTemplates(app, adminEmail);
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

/** Due jobs, the pollers' one-second grace passed. */
const drain = async () => {
  later(2_000);
  await app.jobs.drain();
};
let serial = 100;
/** An order whose buyer ticked the WhatsApp box: its "pedido recebido" message is queued. */
const order = async () => {
  const phone = `5511911${String(serial++).padStart(6, '0')}`;
  const res = await placeOrder(app, {
    whatsapp: `(11) 9 ${phone.slice(5, 9)}-${phone.slice(9)}`,
    whatsappUpdates: true,
    email: `c${phone.slice(-6)}@exemplo.com`,
  });
  expect(res.statusCode).toBe(201);
  const placed = res.json() as { order: { id: string }; payment: { id: string } };
  return { ...placed, phone };
};
const messageOf = async (orderId: string) =>
  (await app.database.db.select().from(whatsappMessages).where(eq(whatsappMessages.orderId, orderId)))[0];
/** The "pedido recebido" messages the fake sent to a number (a PIX reminder may follow an hour later). */
const sentTo = (phone: string) =>
  fake.sent.filter((m) => m.to === phone && m.template === 'impulso_order_received');

describe("Meta's transient errors (2, 131000, 131016, 133004)", () => {
  for (const code of [2, 131000, 131016, 133004] as const)
    it(`${code}: not sent, so it waits and goes with the back-off, once; never "a conferir"`, async () => {
      fake.failNext({ kind: 'meta_error', code });
      const placed = await order();
      await drain();
      expect(await messageOf(placed.order.id)).toMatchObject({ state: 'waiting', errorCode: code });
      expect(sentTo(placed.phone)).toEqual([]);
      later(60_000); // past the first back-off (30 s)
      await drain();
      expect(await messageOf(placed.order.id)).toMatchObject({ state: 'sent' });
      expect(sentTo(placed.phone)).toHaveLength(1);
    });
});

describe("the number's and the buyer's limits (131048, 131049)", () => {
  for (const code of [131048, 131049] as const)
    it(`${code} as the answer: not a failure, sent again a day later`, async () => {
      fake.failNext({ kind: 'meta_error', code });
      const placed = await order();
      await drain();
      expect(await messageOf(placed.order.id)).toMatchObject({ state: 'waiting', errorCode: code });
      later(3_600_000); // the queue's back-off would have tried by now; Meta asks for a day
      await drain();
      expect(sentTo(placed.phone)).toEqual([]);
      later(day);
      await drain();
      expect(await messageOf(placed.order.id)).toMatchObject({ state: 'sent' });
      expect(sentTo(placed.phone)).toHaveLength(1);
    });

  it('131049 in a `failed` status: sent again a day later with its own payload; after two days it stays failed', async () => {
    const placed = await order();
    await drain();
    const fail = async () => {
      const [message] = sentTo(placed.phone).slice(-1);
      const body = fake.statusEvent(message!, 'failed', [
        { code: 131049, title: 'This message was not delivered to maintain healthy ecosystem engagement.' },
      ]);
      const res = await app.server.inject({
        method: 'POST',
        url: '/api/webhooks/whatsapp',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': fake.sign(body) },
        payload: body,
      });
      expect(res.statusCode).toBe(200);
    };
    for (const attempt of [1, 2]) {
      await fail();
      expect(await messageOf(placed.order.id)).toMatchObject({ state: 'waiting', errorCode: 131049 });
      const queued = (
        await app.database.db
          .select()
          .from(jobs)
          .where(and(eq(jobs.kind, 'whatsapp_message'), isNull(jobs.doneAt)))
      ).find((j) => j.payload.orderId === placed.order.id && j.payload.kind === 'order_received');
      expect(queued!.payload).toEqual({
        orderId: placed.order.id,
        kind: 'order_received',
        retriesLater: attempt,
      });
      expect(queued!.runAt.getTime()).toBe(now.getTime() + day);
      later(day);
      await drain();
      expect(sentTo(placed.phone)).toHaveLength(attempt + 1);
      expect(await messageOf(placed.order.id)).toMatchObject({ state: 'sent' });
    }
    await fail();
    expect(await messageOf(placed.order.id)).toMatchObject({ state: 'failed', errorCode: 131049 });
    later(2 * day);
    await drain();
    expect(sentTo(placed.phone)).toHaveLength(3);
  });
});

describe('template parameters Meta refuses (W8)', () => {
  it('new-lines, tabs and long runs of spaces never reach Meta: the message goes', async () => {
    const placed = await order();
    await app.database.db
      .update(payments)
      .set({ pixPayload: '0002012658\n0014br.gov.bcb.pix\t0136      chave' })
      .where(eq(payments.id, placed.payment.id));
    await drain();
    expect(await messageOf(placed.order.id)).toMatchObject({ state: 'sent' });
    expect(sentTo(placed.phone)[0]!.parameters[3]).toBe('0002012658 0014br.gov.bcb.pix 0136    chave');
  });

  it('the fake refuses them as Meta does (132018)', async () => {
    const res = await fetch(`${fake.apiUrl}/${fake.phoneNumberId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        to: '5511911110000',
        type: 'template',
        template: {
          name: 'impulso_payment_confirmed',
          language: { code: 'pt_BR' },
          components: [
            {
              type: 'body',
              parameters: ['Olá, Ana!', 'ABCD-EFGH', 'linha 1\nlinha 2'].map((text) => ({
                type: 'text',
                text,
              })),
            },
          ],
        },
      }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ code: 132018 });
  });
});

describe('the Graph API version', () => {
  it('a version Meta never published is refused (2500): the message fails with that code', async () => {
    const other = await createTestApp(
      { ADMIN_EMAIL: adminEmail, ...whatsappEnv(fake), WHATSAPP_API_URL: `${fake.url}/v99.0` },
      { clock, database: app.database },
    );
    try {
      const placed = await order();
      later(2_000);
      await other.jobs.drain();
      expect(await messageOf(placed.order.id)).toMatchObject({ state: 'failed', errorCode: 2500 });
      expect(graphApiVersionLine(other.config.whatsapp!.apiUrl, now)).toMatchObject({
        ok: false,
        message: expect.stringContaining('a Graph API v99.0 não está na tabela de versões da Meta'),
      });
    } finally {
      await other.close();
    }
  });

  it('the doctor counts down to the end Meta published: warns within 90 days, fails after', () => {
    const at = (iso: string) => new Date(`${iso}T15:00:00Z`);
    const url = 'https://graph.facebook.com/v21.0';
    expect(graphApiVersionLine(url, at('2026-10-22'))).toEqual({
      name: 'WhatsApp',
      ok: true,
      message: 'Graph API v21.0, disponível até 21/01/2027.',
    });
    expect(graphApiVersionLine(url, at('2026-10-23'))).toMatchObject({
      ok: true,
      warning: true,
      message: expect.stringMatching(
        /^a Graph API v21\.0 deixa de funcionar em 21\/01\/2027 \(em 90 dias\): mude WHATSAPP_API_URL para https:\/\/graph\.facebook\.com\/v25\.0/,
      ),
    });
    expect(graphApiVersionLine(url, at('2027-01-22'))).toMatchObject({
      ok: false,
      message: expect.stringContaining('a Meta encerrou a Graph API v21.0 em 21/01/2027'),
    });
    expect(graphApiVersionLine('https://graph.facebook.com/v26.0', at('2026-11-28'))).toMatchObject({
      ok: true,
      message: 'Graph API v26.0: a Meta ainda não publicou até quando ela funciona.',
    });
    expect(graphApiVersionLine('https://graph.facebook.com', at('2026-11-28')).ok).toBe(false);
  });

  it('the shop calls a current version by default', () => {
    const byDefault = envSchema.parse({}).WHATSAPP_API_URL;
    expect(byDefault).toBe('https://graph.facebook.com/v25.0');
    expect(graphApiVersionLine(byDefault, now)).toMatchObject({
      ok: true,
      message: 'Graph API v25.0, disponível até 29/07/2028.',
    });
  });
});
