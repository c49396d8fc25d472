import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openingCatalogue } from './helpers/opening-catalogue';

const { products } = openingCatalogue;
import { orders, payments } from '#server/db/schema/index.ts';
import { isValidBrCode, parseBrCode } from '#server/payments/br-code.ts';
import { createTestApp, type TestApp } from './helpers/test-app';
import { approvedCard, declinedCard, newKey, orderRequest, orderProof } from './helpers/order-request';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ PIX_KEY: 'pix@impulso.example' });
});
afterAll(() => app.close());

const createOrder = (body: unknown, key = newKey(), headers: Record<string, string> = {}) =>
  app.server.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'idempotency-key': key, ...headers },
    payload: body as object,
  });

describe('POST /api/orders: prices come from the catalogue', () => {
  it('totals every package × add-on combination (and settles above R$ 150 on WhatsApp)', async () => {
    for (const product of products) {
      const others = products.map((p) => p.id).filter((id) => id !== product.id);
      for (const pack of product.packages) {
        for (const addOns of [[], [others[0]!], [others[1]!], others]) {
          const res = await createOrder(
            orderRequest({
              item: { type: product.id, amount: pack.amount },
              addOns,
              addOnLinks: {
                likes: 'https://www.instagram.com/p/Cx1abd/',
                views: 'https://www.instagram.com/reel/Cx1abe/',
              },
              ...(product.needsPostLink ? { postLink: 'https://www.instagram.com/p/Cx1abc/' } : {}),
            }),
          );
          expect(res.statusCode, `${pack.id} + ${addOns.join(',')}`).toBe(201);
          const { order, next } = res.json();
          const expected =
            pack.priceCents +
            addOns.reduce(
              (sum, id) =>
                sum + products.find((p) => p.id === id)!.addOnUnitCents * Math.floor(pack.amount * 0.3),
              0,
            );
          expect(order.totalCents).toBe(expected);
          if (expected > 15000) {
            expect(order).toMatchObject({ status: 'aguardando_contato_whatsapp', paymentMethod: 'whatsapp' });
            expect(next).toBe('whatsapp');
          } else {
            expect(order).toMatchObject({
              status: 'pendente',
              paymentStatus: 'unpaid',
              paymentMethod: 'pix',
            });
            expect(next).toBe('pix');
          }
          const [stored] = await app.database.db.select().from(orders).where(eq(orders.id, order.id));
          expect(stored!.totalCents).toBe(expected);
        }
      }
    }
  });

  it('ignores a price sent by the client', async () => {
    const res = await createOrder({ ...orderRequest(), price: 1, totalCents: 1 });
    expect(res.statusCode).toBe(201);
    expect(res.json().order.totalCents).toBe(8590);
  });

  it('rejects an unknown amount, product or plan with a pt-BR 400', async () => {
    const amount = await createOrder(orderRequest({ item: { type: 'followers', amount: 999 } }));
    expect(amount.statusCode).toBe(400);
    expect(amount.json().message).toBe('Pacote não encontrado. Escolha um pacote em nossa página de preços.');
    const plan = await createOrder(orderRequest({ item: { type: 'recurring', plan: 'ouro' as 'simples' } }));
    expect(plan.statusCode).toBe(400);
    expect(plan.json().message).toBe('Plano não encontrado. Escolha um plano em nossa página de preços.');
    const product = await createOrder(orderRequest({ item: { type: 'comments' as 'likes', amount: 500 } }));
    expect(product.statusCode).toBe(400);
  });

  it('prices a monthly plan', async () => {
    const res = await createOrder(orderRequest({ item: { type: 'recurring', plan: 'simples' } }));
    expect(res.statusCode).toBe(201);
    expect(res.json().order).toMatchObject({ service: 'recurring', planId: 'simples', totalCents: 19700 });
  });

  it('gives the spec messages for bad fields', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ instagram: '' }, 'instagram', 'Instagram é obrigatório'],
      [{ whatsapp: '' }, 'whatsapp', 'WhatsApp é obrigatório'],
      [{ name: '  ' }, 'name', 'Nome completo é obrigatório'],
      [{ email: '' }, 'email', 'E-mail é obrigatório'],
      [{ cpf: '111.111.111-11' }, 'cpf', 'CPF inválido. Confira os números.'],
      [{ paymentMethod: 'credit_card' }, 'card.number', 'Número do cartão é obrigatório'],
      [
        { paymentMethod: 'credit_card', card: { ...approvedCard, expiry: '01/20' } },
        'card.expiry',
        'Validade inválida ou vencida',
      ],
    ];
    for (const [override, field, message] of cases) {
      const res = await createOrder({ ...orderRequest(), ...override });
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toMatchObject({ field, message });
    }
  });

  it('requires the post link for likes and views', async () => {
    const res = await createOrder(orderRequest({ item: { type: 'likes', amount: 500 } }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Informe o link da publicação');
  });
});

describe('idempotency', () => {
  it('the same key and body return the same order; another body is a 422', async () => {
    const key = newKey();
    const first = await createOrder(orderRequest(), key);
    const second = await createOrder(orderRequest(), key);
    expect(first.statusCode).toBe(201);
    expect(second.json().order.id).toBe(first.json().order.id);
    expect(second.json().payment.id).toBe(first.json().payment.id);
    expect(await app.database.db.select().from(orders).where(eq(orders.idempotencyKey, key))).toHaveLength(1);

    const other = await createOrder(orderRequest({ item: { type: 'followers', amount: 500 } }), key);
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('idempotency_conflict');
  });

  it('concurrent requests with one key create one order', async () => {
    const key = newKey();
    const results = await Promise.all(Array.from({ length: 5 }, () => createOrder(orderRequest(), key)));
    expect(new Set(results.map((r) => r.json().order.id)).size).toBe(1);
  });

  it('requires an Idempotency-Key header', async () => {
    const res = await app.server.inject({ method: 'POST', url: '/api/orders', payload: orderRequest() });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('idempotency_key_required');
  });
});

describe('PIX (sandbox)', () => {
  it('issues a valid BR Code for the total with the shop key and a QR image', async () => {
    const res = await createOrder(
      orderRequest({ addOns: ['likes'], addOnLinks: { likes: 'https://www.instagram.com/p/Cx1abd/' } }),
    );
    const { order, payment } = res.json();
    expect(order.totalCents).toBe(10990);
    expect(isValidBrCode(payment.pixPayload)).toBe(true);
    const fields = Object.fromEntries(
      parseBrCode(payment.pixPayload).map((f: { id: string; value: string }) => [f.id, f.value]),
    );
    expect(fields['54']).toBe('109.90');
    expect(fields['26']).toContain('pix@impulso.example');
    const image = await app.server.inject({ method: 'GET', url: `/api/payments/${payment.id}/qr.png` });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const hours = (Date.parse(payment.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it('stores each of many concurrent PIX orders with its own code (answers are stored in batches)', async () => {
    const followers = products.find((p) => p.id === 'followers')!.packages;
    const requests = Array.from({ length: 24 }, (_, i) =>
      createOrder(
        orderRequest({ item: { type: 'followers', amount: followers[i % followers.length]!.amount } }),
      ),
    );
    const answers = (await Promise.all(requests)).map((res) => res.json());
    for (const { order, payment, next } of answers) {
      if (next === 'whatsapp') continue; // above R$ 150: no PIX
      expect(payment.status).toBe('pending');
      const fields = Object.fromEntries(
        parseBrCode(payment.pixPayload).map((f: { id: string; value: string }) => [f.id, f.value]),
      );
      expect(fields['54']).toBe((order.totalCents / 100).toFixed(2));
      // The transaction id proves nothing (ADR 041): never the order's purchase code.
      expect(fields['62']).not.toContain(order.purchaseCode.replace('-', ''));
      expect(fields['62']).toMatch(/^05\d\d[A-Za-z0-9]{1,25}$/);
      const [stored] = await app.database.db.select().from(payments).where(eq(payments.orderId, order.id));
      expect(stored).toMatchObject({ id: payment.id, status: 'pending', pixPayload: payment.pixPayload });
    }
    expect(answers.filter((a) => a.next === 'pix').length).toBeGreaterThan(10);
  });

  it('orders placed at once share their insert, and each buyer gets only their own order (ADR 039)', async () => {
    const bodies = Array.from({ length: 12 }, (_, i) => orderRequest({ email: `lote.${i}@exemplo.com` }));
    const keys = bodies.map(() => newKey());
    const answers = await Promise.all([
      ...bodies.map((body, i) => createOrder(body, keys[i])),
      // A double tap inside the same batch, and the same key with another body.
      createOrder(bodies[0], keys[0]),
      createOrder(orderRequest({ email: 'outro.corpo@exemplo.com' }), keys[1]),
    ]);
    const conflict = answers.pop()!;
    expect(conflict.statusCode).toBe(422);
    const tap = answers.pop()!.json();
    const placed = answers.map((res) => {
      expect(res.statusCode).toBe(201);
      return res.json();
    });
    expect(tap.order.id).toBe(placed[0].order.id);
    for (const [i, { order, payment }] of placed.entries()) {
      const [stored] = await app.database.db.select().from(orders).where(eq(orders.id, order.id));
      expect(stored).toMatchObject({ email: `lote.${i}@exemplo.com`, idempotencyKey: keys[i] });
      const attempts = await app.database.db.select().from(payments).where(eq(payments.orderId, order.id));
      expect(attempts).toHaveLength(1);
      expect(attempts[0]).toMatchObject({
        id: payment.id,
        amountCents: stored!.totalCents,
        status: 'pending',
      });
    }
  });

  it('confirming the same payment 50 times transitions the order once', async () => {
    const { order, payment } = (await createOrder(orderRequest())).json();
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        app.server.inject({ method: 'POST', url: `/api/sandbox/payments/${payment.id}/confirm` }),
      ),
    );
    const outcomes = results.map((r) => r.json().result);
    expect(outcomes.filter((o) => o === 'transitioned')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'already_paid')).toHaveLength(49);
    const poll = await app.server.inject({ method: 'GET', url: `/api/orders/${order.id}/payment` });
    expect(poll.json()).toEqual({ status: 'processando', paymentStatus: 'paid', chargeState: 'paid' });
  });

  it('masks contact data on the order page API', async () => {
    const { order } = (await createOrder(orderRequest())).json();
    const res = await app.server.inject({ method: 'GET', url: `/api/orders/${order.id}` });
    expect(res.json().order).toMatchObject({
      email: 'a***@exemplo.com',
      whatsapp: '(11) 9****-5678',
      firstName: 'Ana',
    });
    expect(JSON.stringify(res.json())).not.toContain('52998224725');
  });

  it('answers 404 for an unknown or malformed order id', async () => {
    expect((await app.server.inject({ method: 'GET', url: '/api/orders/not-a-uuid' })).statusCode).toBe(404);
    const res = await app.server.inject({
      method: 'GET',
      url: '/api/orders/00000000-0000-4000-8000-000000000000',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Pedido não encontrado');
  });
});

describe('cards (sandbox)', () => {
  it('an approved card in 3x pays the order', async () => {
    const res = await createOrder(
      orderRequest({ paymentMethod: 'credit_card', installments: 3, card: approvedCard }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      next: 'success',
      order: { paymentStatus: 'paid', status: 'processando', installments: 3, paymentMethod: 'credit_card' },
    });
  });

  it('a declined card answers 422 with the message and leaves the order unpaid; a new attempt can pay it', async () => {
    const res = await createOrder(orderRequest({ paymentMethod: 'credit_card', card: declinedCard }));
    expect(res.statusCode).toBe(422);
    const { orderId, message } = res.json();
    expect(message).toBe('Transação não autorizada. Verifique os dados do cartão.');
    const [stored] = await app.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(stored).toMatchObject({ status: 'pendente', paymentStatus: 'unpaid' });

    const retry = await app.server.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/payments`,
      headers: orderProof(orderId),
      payload: { paymentMethod: 'credit_card', installments: 2, card: approvedCard },
    });
    expect(retry.statusCode).toBe(201);
    expect(retry.json().order.paymentStatus).toBe('paid');
  });

  it('stores no card number, CVV or expiry anywhere', async () => {
    await createOrder(orderRequest({ paymentMethod: 'credit_card', card: { ...approvedCard, cvv: '987' } }));
    const dump = JSON.stringify([
      await app.database.db.select().from(orders),
      await app.database.db.select().from(payments),
    ]);
    expect(dump).not.toContain('4444444444444444');
    expect(dump).not.toContain('4444 4444');
    expect(dump).not.toContain('"987"');
    expect(dump).not.toContain('12/30');
  });
});

describe('browser requests from other sites', () => {
  it('are refused', async () => {
    const res = await createOrder(orderRequest(), newKey(), { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
  });
});
