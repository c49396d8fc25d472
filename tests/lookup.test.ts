import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/test-app';
import { newKey, orderRequest } from './helpers/order-request';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ LOOKUP_LIMIT_PER_IP: '1000', LOOKUP_LIMIT_PER_EMAIL: '1000' });
});
afterAll(() => app.close());

const placeOrder = async (overrides: Parameters<typeof orderRequest>[0] = {}) =>
  (
    await app.server.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': newKey() },
      payload: orderRequest(overrides),
    })
  ).json().order as { id: string; purchaseCode: string };

const lookup = (payload: unknown, remoteAddress = '192.0.2.10') =>
  app.server.inject({ method: 'POST', url: '/api/orders/lookup', payload: payload as object, remoteAddress });

describe('POST /api/orders/lookup', () => {
  it('finds the order with the e-mail and code, whatever the case, spaces and dash', async () => {
    const order = await placeOrder({ email: 'Joana@Exemplo.com' });
    for (const code of [
      order.purchaseCode,
      order.purchaseCode.toLowerCase(),
      ` ${order.purchaseCode.replace('-', '')} `,
    ]) {
      const res = await lookup({ email: '  JOANA@exemplo.com ', code });
      expect(res.statusCode, code).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        pedidos: [{ id: order.id, purchaseCode: order.purchaseCode, totalCents: 8590 }],
      });
    }
  });

  it('answers the same for a wrong code and for an e-mail that never bought', async () => {
    const order = await placeOrder({ email: 'carla@exemplo.com' });
    const wrongCode = await lookup({ email: 'carla@exemplo.com', code: 'ZZZZ-ZZZZ' });
    const otherEmail = await lookup({ email: 'ninguem@exemplo.com', code: order.purchaseCode });
    expect(wrongCode.statusCode).toBe(404);
    expect(otherEmail.statusCode).toBe(404);
    expect(wrongCode.json()).toEqual(otherEmail.json());
    expect(wrongCode.json().message).toBe('Nenhum pedido encontrado para este e-mail e código');
  });

  it('asks for both fields', async () => {
    const res = await lookup({ email: 'a@b.com', code: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('E-mail e código de compra são obrigatórios');
  });

  it("lists every month of a plan and the operator's note", async () => {
    const first = await placeOrder({
      email: 'plano@exemplo.com',
      item: { type: 'recurring', plan: 'iniciante' },
    });
    const [row] = await app.database.db.select().from(orders).where(eq(orders.id, first.id));
    expect(row!.subscriptionId).not.toBeNull();
    // The plan's second month, as a provider webhook would have created it.
    const { id: _id, ...firstMonth } = row!;
    await app.database.db
      .insert(orders)
      .values({ ...firstMonth, purchaseCode: 'MNTH2222', idempotencyKey: newKey() });
    await app.database.db
      .update(orders)
      .set({ note: 'Entrega começa amanhã' })
      .where(eq(orders.id, first.id));
    const res = await lookup({ email: 'plano@exemplo.com', code: first.purchaseCode });
    expect(res.json().pedidos).toHaveLength(2);
    expect(res.json().pedidos.find((p: { id: string }) => p.id === first.id).note).toBe(
      'Entrega começa amanhã',
    );
  });
});

describe('lookup limits', () => {
  it('limits attempts per IP and per e-mail with a pt-BR 429', async () => {
    const limited = await createTestApp(
      { LOOKUP_LIMIT_PER_IP: '5', LOOKUP_LIMIT_PER_EMAIL: '3' },
      { database: app.database },
    );
    try {
      // Per e-mail from one client (ADR 041): the fourth try with this address from this client is refused.
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (
            await limited.server.inject({
              method: 'POST',
              url: '/api/orders/lookup',
              remoteAddress: '198.18.0.1',
              payload: { email: 'alvo@exemplo.com', code: `AAAA-AAA${i + 2}` },
            })
          ).statusCode,
        );
      }
      expect(statuses).toEqual([404, 404, 404, 429]);
      const perIp: number[] = [];
      for (let i = 0; i < 6; i++) {
        perIp.push(
          (
            await limited.server.inject({
              method: 'POST',
              url: '/api/orders/lookup',
              remoteAddress: '198.18.1.1',
              payload: { email: `x${i}@exemplo.com`, code: 'AAAA-AAAA' },
            })
          ).statusCode,
        );
      }
      expect(perIp.slice(0, 5).every((s) => s === 404)).toBe(true);
      const last = await limited.server.inject({
        method: 'POST',
        url: '/api/orders/lookup',
        remoteAddress: '198.18.1.1',
        payload: { email: 'y@exemplo.com', code: 'AAAA-AAAA' },
      });
      expect(last.statusCode).toBe(429);
      expect(last.json().message).toBe(
        'Muitas consultas em pouco tempo. Aguarde alguns minutos e tente novamente.',
      );
    } finally {
      await limited.close();
    }
  });
});
