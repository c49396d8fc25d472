import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';
import { newKey, orderRequest } from './helpers/order-request';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ CARD_CHECKOUT: 'hosted' });
});
afterAll(() => app.close());

it("CARD_CHECKOUT=hosted sends credit-card buyers to the provider's page, with no card data asked", async () => {
  const res = await app.server.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'idempotency-key': newKey() },
    payload: orderRequest({ paymentMethod: 'credit_card' }),
  });
  expect(res.statusCode).toBe(201);
  expect(res.json()).toMatchObject({
    next: 'redirect',
    order: { paymentMethod: 'credit_card', paymentStatus: 'unpaid' },
    payment: { checkoutUrl: expect.stringMatching(/^\/sandbox\/checkout\/sandbox_pay_/) },
  });
});
