import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/test-app';
import { orderProof, placeOrder } from './helpers/order-request';

// The sandbox has no webhooks: POST /api/sandbox/orders/:id/next-month stands in for a plan's monthly
// charge at a real provider (e2e/plan-components.spec.ts watches renewals and a cancelled plan with it).

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

// A month charged on someone's plan is a write on it: the order's proof (issue 42 §3).
const nextMonth = (orderId: string, headers: Record<string, string> = orderProof(orderId)) =>
  app.server.inject({ method: 'POST', url: `/api/sandbox/orders/${orderId}/next-month`, headers });

it("a plan's next month is charged and paid as the provider's own charge: an order of its own", async () => {
  const bought = (await placeOrder(app, { item: { type: 'recurring', plan: 'simples' } })).json();
  const confirmed = await app.server.inject({
    method: 'POST',
    url: `/api/sandbox/payments/${bought.payment.id}/confirm`,
  });
  expect(confirmed.statusCode).toBe(200);
  expect((await nextMonth(bought.order.id, {})).statusCode).toBe(403);
  const answer = await nextMonth(bought.order.id);
  expect(answer.statusCode).toBe(200);
  const [first] = await app.database.db.select().from(orders).where(eq(orders.id, bought.order.id));
  const months = await app.database.db
    .select()
    .from(orders)
    .where(eq(orders.subscriptionId, first!.subscriptionId!));
  const second = months.find((m) => m.id !== first!.id);
  expect(months).toHaveLength(2);
  expect([second!.status, second!.paymentStatus, second!.paymentMethod]).toEqual([
    'processando',
    'paid',
    'pix',
  ]);
});

it('an order of no plan, or no order, has no next month', async () => {
  const single = (await placeOrder(app)).json();
  expect((await nextMonth(single.order.id)).statusCode).toBe(404);
  expect((await nextMonth('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  expect((await nextMonth('nada')).statusCode).toBe(404);
});
