import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { deliveries, orders } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/test-app';
import { orderProof, placeOrder } from './helpers/order-request';

// The simulated panel takes SANDBOX_FULFILMENT_SECONDS per delivery: POST /api/sandbox/orders/:id/deliver
// finishes an order's now (e2e/fulfilment.spec.ts watches the states with it), and nothing else.

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ SANDBOX_FULFILMENT_SECONDS: '3600' });
});
afterAll(() => app.close());

// Finishing someone's deliveries is a write on their order: the order's proof (issue 42 §3).
const deliver = (orderId: string, headers: Record<string, string> = orderProof(orderId)) =>
  app.server.inject({ method: 'POST', url: `/api/sandbox/orders/${orderId}/deliver`, headers });
const orderRow = async (id: string) =>
  (await app.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const deliveriesOf = (id: string) =>
  app.database.db.select().from(deliveries).where(eq(deliveries.orderId, id));

async function paidOrder(): Promise<string> {
  const bought = (await placeOrder(app)).json();
  const confirmed = await app.server.inject({
    method: 'POST',
    url: `/api/sandbox/payments/${bought.payment.id}/confirm`,
  });
  expect(confirmed.statusCode).toBe(200);
  await app.jobs.drain();
  return bought.order.id as string;
}

it('a paid order an hour from delivered is Concluído at the next sync', async () => {
  const id = await paidOrder();
  await app.fulfilment.sync.runOnce();
  expect((await orderRow(id)).status).toBe('processando');
  expect((await deliveriesOf(id)).map((d) => d.state)).toEqual(['pending']);
  // The id alone finishes nothing.
  expect((await deliver(id, {})).statusCode).toBe(403);
  expect((await deliveriesOf(id)).map((d) => d.state)).toEqual(['pending']);

  const answer = await deliver(id);
  expect(answer.statusCode).toBe(200);
  expect(answer.json()).toEqual({ delivered: 1 });
  await app.fulfilment.sync.runOnce();
  expect((await deliveriesOf(id)).map((d) => [d.state, d.remains])).toEqual([['completed', 0]]);
  expect((await orderRow(id)).status).toBe('concluido');
  // Nothing left running: a second call changes nothing.
  expect((await deliver(id)).json()).toEqual({ delivered: 0 });
});

it('no order, or no id, is a 404', async () => {
  expect((await deliver('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  expect((await deliver('nada')).statusCode).toBe(404);
});

it('not there when a real panel delivers', async () => {
  const real = await createTestApp({
    FULFILMENT_PROVIDER: 'manual',
  });
  try {
    const bought = (await placeOrder(real)).json();
    const answer = await real.server.inject({
      method: 'POST',
      url: `/api/sandbox/orders/${bought.order.id}/deliver`,
    });
    expect(answer.statusCode).toBe(404);
  } finally {
    await real.close();
  }
});
