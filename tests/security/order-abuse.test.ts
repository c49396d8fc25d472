import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { couponRedemptions, coupons, orders } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { newKey, orderRequest, placeOrderFrom } from '../helpers/order-request';

// Issue 24 §3 (coupon codes guessed through the order route), §4 (the unpaid cap under a burst) and §11
// (a reused Idempotency-Key burning a limited coupon), with the shipped limits.
let app: TestApp;
const now = Date.parse('2026-11-25T12:00:00Z');
beforeAll(async () => {
  app = await createTestApp(
    {
      ORDERS_LIMIT_PER_IP: '1000',
      UNPAID_ORDERS_LIMIT_PER_EMAIL: '5',
      COUPON_CHECKS_PER_IP: '20',
    },
    { clock: () => new Date(now) },
  );
  const day = 86_400_000;
  await app.database.db.insert(coupons).values([
    { code: 'UMAVEZ', kind: 'percent', percent: 10, maxUses: 1 },
    { code: 'VENCIDO', kind: 'percent', percent: 10, validUntil: new Date(now - day) },
    { code: 'ESGOTADO', kind: 'percent', percent: 10, maxUses: 1, uses: 1 },
  ]);
});
afterAll(() => app.close());

const order = (body: object, ip: string, key?: string) => placeOrderFrom(app, body, ip, key);
const notAccepted = 'Este cupom não pode ser usado neste pedido. Confira o código ou continue sem cupom.';

describe('§3 coupon codes tried in orders', () => {
  it('unknown, expired and used up answer alike, and the 21st code from one address is a 429', async () => {
    const ip = '198.51.100.30';
    const answers = [];
    for (const code of ['NAOEXISTE', 'VENCIDO', 'ESGOTADO']) {
      const res = await order(orderRequest({ couponCode: code, email: `cupom-${code}@exemplo.com` }), ip);
      answers.push([res.statusCode, res.json().code, res.json().message]);
    }
    expect(answers).toEqual(Array(3).fill([400, 'coupon_not_accepted', notAccepted]));
    for (let i = 0; i < 17; i++)
      expect((await order(orderRequest({ couponCode: `CHUTE${i}` }), ip)).statusCode).toBe(400);
    const guess = await order(orderRequest({ couponCode: 'CHUTE99' }), ip);
    expect(guess.statusCode).toBe(429);
    expect(guess.headers['retry-after']).toBeDefined();
    // The quote shares the count: the other door is closed too.
    const quote = await app.server.inject({
      method: 'POST',
      url: '/api/coupons/quote',
      remoteAddress: ip,
      payload: { code: 'UMAVEZ', item: { type: 'followers', amount: 1000 } },
    });
    expect(quote.statusCode).toBe(429);
    // An order without a coupon from that address is not held back.
    expect((await order(orderRequest({ email: 'sem-cupom@exemplo.com' }), ip)).statusCode).toBe(201);
  });
});

describe('§4 unpaid orders per e-mail under a burst', () => {
  it('40 simultaneous orders to one e-mail from 40 addresses: exactly 5 are taken', async () => {
    const email = 'rajada@exemplo.com';
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) => order(orderRequest({ email }), `203.0.113.${i + 1}`)),
    );
    const codes = burst.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(35);
    expect(await app.database.db.select().from(orders).where(eq(orders.email, email))).toHaveLength(5);
  });

  it('a retried order is counted once: its key answers the same order and leaves room for another', async () => {
    const email = 'repete@exemplo.com';
    const key = newKey();
    for (let i = 0; i < 3; i++)
      expect((await order(orderRequest({ email }), '192.0.2.50', key)).statusCode).toBe(201);
    for (let i = 0; i < 4; i++)
      expect((await order(orderRequest({ email }), '192.0.2.51')).statusCode).toBe(201);
    expect((await order(orderRequest({ email }), '192.0.2.52')).statusCode).toBe(429);
  });
});

describe('§11 a key reused with another body', () => {
  it('is refused before the coupon is redeemed: the limited coupon keeps its use for a real order', async () => {
    const key = newKey();
    const email = 'chave@exemplo.com';
    expect((await order(orderRequest({ email }), '192.0.2.60', key)).statusCode).toBe(201);
    const reused = await order(orderRequest({ email, couponCode: 'UMAVEZ' }), '192.0.2.60', key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('idempotency_conflict');
    const [umavez] = await app.database.db.select().from(coupons).where(eq(coupons.code, 'UMAVEZ'));
    expect(umavez!.uses).toBe(0);
    expect(
      await app.database.db
        .select()
        .from(couponRedemptions)
        .where(eq(couponRedemptions.couponId, umavez!.id)),
    ).toEqual([]);
    const real = await order(
      orderRequest({ email: 'outra@exemplo.com', couponCode: 'UMAVEZ' }),
      '192.0.2.61',
    );
    expect(real.statusCode).toBe(201);
    expect(real.json().order.couponCode).toBe('UMAVEZ');
  });
});
