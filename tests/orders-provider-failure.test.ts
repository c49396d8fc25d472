import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '#server/db/schema/index.ts';
import { createSandboxProvider } from '#server/payments/sandbox-provider.ts';
import type { PaymentProvider } from '#server/payments/payment-provider.ts';
import { createTestApp, type TestApp } from './helpers/test-app';
import { newKey, orderRequest } from './helpers/order-request';

// A provider that is down for the first call, then recovers.
let down = true;
const sandbox = createSandboxProvider({
  pixKey: 'pix@impulso.example',
  merchantName: 'Impulso',
  merchantCity: 'SAO PAULO',
  clock: () => new Date(),
});
const flaky: PaymentProvider = {
  ...sandbox,
  async createPixCharge(request) {
    if (down) throw new Error('connect ECONNREFUSED');
    return sandbox.createPixCharge(request);
  },
};

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({}, { paymentProvider: flaky });
});
afterAll(() => app.close());

it('a provider failure keeps the order pendente, says so in pt-BR, and a retry with the same key gets the PIX', async () => {
  const key = newKey();
  const failed = await app.server.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'idempotency-key': key },
    payload: orderRequest(),
  });
  expect(failed.statusCode).toBe(502);
  expect(failed.json()).toMatchObject({
    code: 'pix_failed',
    message: 'Falha ao gerar Pix. Tente novamente.',
  });
  const orderId = failed.json().orderId;
  const [stored] = await app.database.db.select().from(orders).where(eq(orders.id, orderId));
  expect(stored).toMatchObject({ status: 'pendente', paymentStatus: 'unpaid', name: 'Ana Souza' });

  down = false;
  const retried = await app.server.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'idempotency-key': key },
    payload: orderRequest(),
  });
  expect(retried.statusCode).toBe(201);
  expect(retried.json().order.id).toBe(orderId);
  expect(retried.json().payment.pixPayload).toMatch(/^000201/);
});
