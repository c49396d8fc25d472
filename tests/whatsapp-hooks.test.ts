import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { whatsappMessages } from '#server/db/schema/index.ts';
import { queueWhatsapp } from '#server/whatsapp/whatsapp-queue.repo.ts';
import { formatBRL } from '#shared/money.ts';
import { formatPurchaseCode } from '#shared/orders.ts';
import type { CreateOrderRequest } from '#shared/schemas/checkout.ts';
import type { WhatsappKind } from '#shared/whatsapp.ts';
import { fakeTemplateName, startFakeCloudApi, type FakeCloudApi } from './fake-whatsapp/fake-cloud-api';
import { startFulfilmentTestApp, type FulfilmentTestApp } from './helpers/fulfilment-app';
import { newKey } from './helpers/order-request';
import { nameShopTemplates, whatsappEnv } from './helpers/whatsapp';

// Issue 28: the hooks tests/whatsapp-messages.test.ts does not follow end to end — delivery started,
// delivered (the fake SMM panel's statuses), link needed (a post link missing, then refused by the panel)
// and refund (the panel's "Reembolsar", sandbox). Each sends its template once, also when its trigger
// comes twice and on two instances; a buyer who did not tick the box gets none of them.

const adminEmail = 'dona@impulso.example';
let fake: FakeCloudApi;
let t: FulfilmentTestApp;
let second: FulfilmentTestApp;
let cookie: string;

beforeAll(async () => {
  fake = await startFakeCloudApi();
  fake.approveShopTemplates();
  const env = { ADMIN_EMAIL: adminEmail, SMM_SYNC_INTERVAL_SECONDS: '600', ...whatsappEnv(fake) };
  t = await startFulfilmentTestApp(env);
  second = await startFulfilmentTestApp(env, { database: t.app.database, panel: t.panel });
  cookie = await nameShopTemplates(t.app, adminEmail);
});
afterAll(async () => {
  await second.close();
  await t.close();
  await fake.close();
});

/** Every due job on both instances at once, then once more on one (jobs queued by the first pass). */
const drain = async () => {
  await Promise.all([t.app.jobs.drain(), second.app.jobs.drain()]);
  await t.app.jobs.drain();
};
/** The hook firing again (a retried webhook, a second instance): the same message queued once more. */
const fireAgain = (orderId: string, kind: WhatsappKind, extra: Record<string, string> = {}) =>
  t.app.database.db.transaction((tx) => queueWhatsapp(tx, orderId, kind, extra));
const sentOf = (to: string, kind: WhatsappKind) =>
  fake.sent.filter((m) => m.to === to && m.template === fakeTemplateName(kind));
const rowsOf = (orderId: string) =>
  t.app.database.db.select().from(whatsappMessages).where(eq(whatsappMessages.orderId, orderId));
/** Hello, the purchase code and the order's link: the body of the three short messages. */
const shortBody = async (orderId: string) => {
  const order = await t.orderRow(orderId);
  return ['Olá, Ana!', formatPurchaseCode(order.purchaseCode), expect.stringContaining(`/order/${orderId}`)];
};
describe('WhatsApp hooks', () => {
  it('delivery started and delivered: once each as the panel reports them, none without consent', async () => {
    const yes = await t.paidOrder({
      instagram: '@zap.entrega',
      whatsapp: '(21) 9 2222-0001',
      whatsappUpdates: true,
    });
    const no = await t.paidOrder({
      instagram: '@sem.zap.entrega',
      whatsapp: '(21) 9 2222-0002',
      whatsappUpdates: false,
    });
    await drain();
    const sync = async (status: 'In progress' | 'Completed') => {
      for (const id of [yes, no])
        t.panel.setStatus(
          (await t.deliveriesOf(id))[0]!.panelOrderId!,
          status,
          status === 'Completed' ? 0 : 600,
        );
      t.advance(601_000);
      await t.app.fulfilment.sync.runOnce();
      await drain();
    };

    await sync('In progress');
    await sync('In progress');
    await fireAgain(yes, 'delivery_started');
    await drain();
    expect((await t.orderRow(yes)).status).toBe('em_transporte');
    expect(sentOf('5521922220001', 'delivery_started').map((m) => m.parameters)).toEqual([
      await shortBody(yes),
    ]);
    expect(sentOf('5521922220001', 'delivered')).toEqual([]);

    await sync('Completed');
    await sync('Completed');
    await fireAgain(yes, 'delivered');
    await drain();
    expect((await t.orderRow(yes)).status).toBe('concluido');
    expect(sentOf('5521922220001', 'delivered').map((m) => m.parameters)).toEqual([await shortBody(yes)]);
    expect(sentOf('5521922220001', 'delivery_started')).toHaveLength(1);

    expect((await t.orderRow(no)).status).toBe('concluido');
    expect(fake.sent.filter((m) => m.to === '5521922220002')).toEqual([]);
    expect(await rowsOf(no)).toEqual([]);
  });

  it('link needed: once, though the panel refuses every link of the order and the hook fires again', async () => {
    // Add-ons for a post always come with one now (issue 45 §4): the panel refuses each.
    const addOns = (marker: string): Partial<CreateOrderRequest> => ({
      addOns: ['likes', 'views'],
      addOnLinks: {
        likes: `https://www.instagram.com/p/${marker}A/`,
        views: `https://www.instagram.com/reel/${marker}B/`,
      },
    });
    const refuseFor = (part: string) =>
      t.panel.failNextAdd({ kind: 'bad_link' }, (fields) => fields.link?.includes(part) === true);
    for (const part of ['/zap.link/', 'ZAPSIMA', 'ZAPSIMB', '/sem.zap.link/', 'ZAPNAOA', 'ZAPNAOB'])
      refuseFor(part);
    const yes = await t.paidOrder({
      instagram: '@zap.link',
      whatsapp: '(21) 9 2222-0003',
      whatsappUpdates: true,
      ...addOns('ZAPSIM'),
    });
    const no = await t.paidOrder({
      instagram: '@sem.zap.link',
      whatsapp: '(21) 9 2222-0004',
      ...addOns('ZAPNAO'),
    });
    await drain();
    for (const id of [yes, no])
      expect((await t.deliveriesOf(id)).map((d) => d.state)).toEqual([
        'invalid_link',
        'invalid_link',
        'invalid_link',
      ]);
    await fireAgain(yes, 'link_needed');
    await drain();

    expect(sentOf('5521922220003', 'link_needed').map((m) => m.parameters)).toEqual([await shortBody(yes)]);
    expect(await rowsOf(yes)).toContainEqual(expect.objectContaining({ kind: 'link_needed', state: 'sent' }));
    expect(fake.sent.filter((m) => m.to === '5521922220004')).toEqual([]);
    expect(await rowsOf(no)).toEqual([]);
  });

  it('refund: once with the amount returned, under a double click and the hook fired again', async () => {
    const yes = await t.paidOrder({
      instagram: '@zap.reembolso',
      whatsapp: '(21) 9 2222-0005',
      whatsappUpdates: true,
    });
    const no = await t.paidOrder({ instagram: '@sem.zap.reembolso', whatsapp: '(21) 9 2222-0006' });
    await drain();
    for (const id of [yes, no]) {
      const key = newKey();
      for (let click = 0; click < 2; click++) {
        const asked = await t.app.server.inject({
          method: 'POST',
          url: `/api/admin/orders/${id}/refunds`,
          headers: { cookie, 'idempotency-key': key },
          payload: { reason: 'Cliente desistiu' },
        });
        expect(asked.statusCode).toBeLessThan(300);
      }
      expect((await t.orderRow(id)).paymentStatus).toBe('refunded');
    }
    await drain();
    const total = (await t.orderRow(yes)).totalCents;
    await fireAgain(yes, 'refund', { amountCents: String(total) });
    await drain();

    const code = formatPurchaseCode((await t.orderRow(yes)).purchaseCode);
    expect(sentOf('5521922220005', 'refund').map((m) => m.parameters)).toEqual([
      ['Olá, Ana!', code, formatBRL(total)],
    ]);
    expect(fake.sent.filter((m) => m.to === '5521922220006')).toEqual([]);
    expect(await rowsOf(no)).toEqual([]);
  });
});
