import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { couponRedemptions, coupons, orders, ownerAudit } from '#server/db/schema/index.ts';
import { openingCatalogue } from './helpers/opening-catalogue';

const { plans, products } = openingCatalogue;
import { startOperatorApp } from './helpers/accounts';
import { newKey, orderRequest, placeOrder, orderProof } from './helpers/order-request';
import type { TestApp } from './helpers/test-app';

const couponNotAccepted =
  'Este cupom não pode ser usado neste pedido. Confira o código ou continue sem cupom.';

// Coupons and the PIX discount (issue 13, docs/coupons.md): the panel creates them (audited), checkout
// prices them on the server, every rule answers in pt-BR, and the last use goes to exactly one buyer.

const adminEmail = 'dona@impulso.example';
let now = Date.parse('2026-11-23T15:00:00Z'); // 12:00 in São Paulo
const clock = () => new Date(now);
let app: TestApp;
let cookie: string;
beforeAll(async () => {
  ({ app, cookie } = await startOperatorApp(adminEmail, clock));
});
afterAll(() => app.close());

const admin = (method: 'POST' | 'PATCH' | 'GET', url: string, payload?: object) =>
  app.server.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const coupon = (fields: object) =>
  admin('POST', '/api/admin/coupons', { kind: 'percent', percent: 10, ...fields });
const quote = (code: string, extra: object = {}) =>
  app.server.inject({
    method: 'POST',
    url: '/api/coupons/quote',
    payload: { code, item: { type: 'followers', amount: 1000 }, ...extra },
  });
const messageOf = async (res: Promise<{ json(): { message: string } }>) => (await res).json().message;
let emails = 0;
const nextEmail = () => `cupom-${++emails}@exemplo.com`;

describe('coupons', () => {
  it('the panel creates a coupon (audited); codes are unique whatever their case', async () => {
    const created = await coupon({ code: 'promo10' });
    expect(created.statusCode).toBe(201);
    const again = await coupon({ code: 'PROMO10' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Já existe um cupom com este código.');
    const audit = await app.database.db
      .select()
      .from(ownerAudit)
      .where(eq(ownerAudit.entityId, created.json().id));
    expect(audit[0]).toMatchObject({ entity: 'coupon', actor: adminEmail, before: null });
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({ code: 'PROMO10', percent: 10 });
    expect((await app.server.inject({ method: 'GET', url: '/api/admin/coupons' })).statusCode).toBe(401);
  });

  it('prices a coupon on the server: the order stores it, whatever total the client sends', async () => {
    const q = await quote('Promo10');
    expect(q.json()).toEqual({
      couponCode: 'PROMO10',
      subtotalCents: 8590,
      couponDiscountCents: 859,
      pixDiscountCents: 0,
      totalCents: 7731,
    });
    const res = await placeOrder(app, {
      email: nextEmail(),
      couponCode: 'promo10',
      paymentMethod: 'debit_card',
      ...({ totalCents: 100 } as object),
    } as never);
    expect(res.statusCode).toBe(201);
    expect(res.json().order).toMatchObject({
      couponCode: 'PROMO10',
      couponDiscountCents: 859,
      totalCents: 7731,
    });
  });

  it('records the use of a coupon without limits with its order, once per Idempotency-Key', async () => {
    await coupon({ code: 'LIVRE' });
    const key = newKey();
    const email = nextEmail();
    const send = (payload: object) =>
      app.server.inject({ method: 'POST', url: '/api/orders', headers: { 'idempotency-key': key }, payload });
    const first = await send(orderRequest({ email, couponCode: 'LIVRE' }));
    const again = await send(orderRequest({ email, couponCode: 'LIVRE' }));
    expect(again.json().order.id).toBe(first.json().order.id);
    // Settled on WhatsApp (above R$ 150 after the coupon): stored by another statement, its use too.
    const whatsapp = await placeOrder(app, {
      email: nextEmail(),
      couponCode: 'LIVRE',
      item: { type: 'followers', amount: 3000 },
    });
    expect(whatsapp.json().next).toBe('whatsapp');
    const uses = await app.database.db
      .select()
      .from(couponRedemptions)
      .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
      .where(eq(coupons.code, 'LIVRE'));
    expect(uses.map((u) => u.coupon_redemptions.idempotencyKey)).toContain(key);
    expect(uses).toHaveLength(2);
    expect(uses.find((u) => u.coupon_redemptions.idempotencyKey === key)!.coupon_redemptions).toMatchObject({
      email,
      discountCents: 859,
    });
  });

  it('answers every rule with its pt-BR message', async () => {
    await coupon({ code: 'FUTURO', validFrom: '2026-11-24' });
    await coupon({ code: 'ONTEM', validUntil: '2026-11-22' });
    await coupon({ code: 'HOJE', validUntil: '2026-11-23' });
    await coupon({ code: 'PLANOS', appliesTo: 'plans' });
    await coupon({ code: 'MIN100', minTotalCents: 10000 });
    await coupon({ code: 'DESLIGADO', active: false });
    await coupon({ code: 'UMAVEZ', maxUsesPerEmail: 1 });
    expect(await messageOf(quote('NAOEXISTE'))).toBe('Cupom não encontrado. Confira o código.');
    expect(await messageOf(quote('DESLIGADO'))).toBe('Cupom não encontrado. Confira o código.');
    expect(await messageOf(quote('FUTURO'))).toBe('Este cupom ainda não está valendo.');
    expect(await messageOf(quote('ONTEM'))).toBe('Este cupom expirou.');
    expect((await quote('HOJE')).statusCode).toBe(200); // valid through its last São Paulo day
    expect(await messageOf(quote('PLANOS'))).toBe('Este cupom não vale para este produto.');
    expect((await quote('PLANOS', { item: { type: 'recurring', plan: 'simples' } })).statusCode).toBe(200);
    expect(await messageOf(quote('MIN100'))).toBe('Este cupom vale para pedidos a partir de R$ 100,00.');
    expect(await messageOf(quote('a b'))).toBe('Informe o código do cupom (letras, números, - ou _).');

    const email = nextEmail();
    expect((await placeOrder(app, { email, couponCode: 'UMAVEZ' })).statusCode).toBe(201);
    const twice = await placeOrder(app, { email, couponCode: 'UMAVEZ' });
    expect(twice.statusCode).toBe(400);
    // The order route says no more than that the coupon does not apply (issue 24 §3); the quote says why.
    expect(twice.json().message).toBe(couponNotAccepted);
    expect(await messageOf(quote('UMAVEZ', { email }))).toBe(
      'Este cupom já foi usado o número máximo de vezes com este e-mail.',
    );
    now += 86_400_000; // 24/11: HOJE is over, FUTURO begins
    expect(await messageOf(quote('HOJE'))).toBe('Este cupom expirou.');
    expect((await quote('FUTURO')).statusCode).toBe(200);
  });

  it('the last use, raced by 20 buyers, is won by exactly one', async () => {
    await coupon({ code: 'ULTIMO', maxUses: 3 });
    for (let i = 0; i < 2; i++)
      expect((await placeOrder(app, { email: nextEmail(), couponCode: 'ULTIMO' })).statusCode).toBe(201);
    const race = await Promise.all(
      Array.from({ length: 20 }, () => placeOrder(app, { email: nextEmail(), couponCode: 'ULTIMO' })),
    );
    const won = race.filter((r) => r.statusCode === 201);
    expect(won).toHaveLength(1);
    for (const lost of race.filter((r) => r.statusCode !== 201))
      expect(lost.json().message).toBe(couponNotAccepted);
    const stored = await app.database.db.select().from(orders).where(eq(orders.couponCode, 'ULTIMO'));
    expect(stored).toHaveLength(3);
    const listed = await admin('GET', '/api/admin/coupons');
    expect(listed.statusCode, listed.body).toBe(200);
    const list = listed.json().coupons;
    expect(list.find((c: { code: string }) => c.code === 'ULTIMO')).toMatchObject({ uses: 3, maxUses: 3 });
  });

  it('a request retried after taking the last use gets its own order back, not "used up"', async () => {
    await coupon({ code: 'SOUMA', maxUses: 1 });
    const body = orderRequest({ email: nextEmail(), couponCode: 'SOUMA' });
    const key = newKey();
    const send = () =>
      app.server.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { 'idempotency-key': key },
        payload: body,
      });
    const first = await send();
    expect(first.statusCode).toBe(201);
    const again = await send();
    expect(again.statusCode).toBe(201);
    expect(again.json().order.id).toBe(first.json().order.id);
  });

  it('PIX discount + coupon: every package and plan priced as the documented rule says', async () => {
    const set = await admin('PATCH', '/api/admin/settings/pix-discount', { percent: 2 });
    expect(set.json()).toEqual({ pixDiscountPercent: 2 });
    await coupon({ code: 'TODOS10' });
    for (const product of products) {
      for (const pack of product.packages.filter((p) => p.available)) {
        const res = await placeOrder(app, {
          email: nextEmail(),
          item: { type: product.id, amount: pack.amount },
          ...(product.needsPostLink ? { postLink: 'https://www.instagram.com/p/abc123/' } : {}),
          couponCode: 'TODOS10',
          paymentMethod: 'pix',
        });
        const coupon = Math.floor((pack.priceCents * 10) / 100);
        const afterCoupon = pack.priceCents - coupon;
        const whatsapp = afterCoupon > 15000;
        const pix = whatsapp ? 0 : Math.floor((afterCoupon * 2) / 100);
        expect(res.json().order, `${product.id} ${pack.amount}`).toMatchObject({
          couponDiscountCents: coupon,
          pixDiscountCents: pix,
          totalCents: afterCoupon - pix,
          paymentMethod: whatsapp ? 'whatsapp' : 'pix',
        });
      }
    }
    for (const plan of plans) {
      const res = await placeOrder(app, {
        email: nextEmail(),
        item: { type: 'recurring', plan: plan.id },
        couponCode: 'TODOS10',
        paymentMethod: 'pix',
      });
      const coupon = Math.floor((plan.priceCents * 10) / 100);
      // Plans: the coupon every month, no PIX discount (docs/coupons.md).
      expect(res.json().order).toMatchObject({ pixDiscountCents: 0, totalCents: plan.priceCents - coupon });
    }
  });

  it('paying again by card drops the PIX discount; by PIX again restores it', async () => {
    const res = await placeOrder(app, { email: nextEmail(), paymentMethod: 'pix' });
    const { order } = res.json();
    expect(order).toMatchObject({ pixDiscountCents: 171, totalCents: 8419 });
    const card = await app.server.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/payments`,
      headers: orderProof(order.id),
      payload: { paymentMethod: 'debit_card', installments: 1 },
    });
    expect(card.json().order).toMatchObject({ pixDiscountCents: 0, totalCents: 8590 });
    expect(card.json().payment.amountCents).toBe(8590);
    const pix = await app.server.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/payments`,
      headers: orderProof(order.id),
      payload: { paymentMethod: 'pix', installments: 1 },
    });
    expect(pix.json().order).toMatchObject({ pixDiscountCents: 171, totalCents: 8419 });
  });
});
