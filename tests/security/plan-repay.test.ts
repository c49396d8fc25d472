import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { subscriptions } from '#server/db/schema/index.ts';
import { startAsaasTestApp, type AsaasTestApp } from '../helpers/asaas-test-app';
import { newKey, orderRequest, orderProof } from '../helpers/order-request';

// Issue 9 §5: paying a pending plan again must not leave several live subscriptions at the provider.
let asaas: AsaasTestApp;
beforeAll(async () => {
  asaas = await startAsaasTestApp('whsec_plan_repay_token_0123456789');
});
afterAll(() => asaas.close());

it('keeps one live provider subscription per plan order however often it is paid again', async () => {
  const { app, fake } = asaas;
  const created = await app.server.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'idempotency-key': newKey() },
    payload: orderRequest({ item: { type: 'recurring', plan: 'iniciante' }, paymentMethod: 'pix' }),
  });
  expect(created.statusCode).toBe(201);
  const orderId: string = created.json().order.id;
  for (let i = 0; i < 3; i++) {
    const again = await app.server.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/payments`,
      headers: orderProof(orderId),
      payload: { paymentMethod: 'pix', installments: 1 },
    });
    expect(again.statusCode).toBe(201);
  }
  const atProvider = [...fake.subscriptions.values()].filter((s) => s.externalReference === orderId);
  expect(atProvider).toHaveLength(4);
  expect(atProvider.filter((s) => s.status === 'ACTIVE')).toHaveLength(1);
  const ours = await app.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.firstOrderId, orderId));
  // Live here: not cancelled (a plan is `pending` until its first month is paid).
  expect(ours.filter((s) => s.status !== 'cancelled')).toHaveLength(1);
});
