import { expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { deliveries, orders, outboxEmails, subscriptions } from '#server/db/schema/index.ts';
import { operatorCookie } from '../helpers/accounts';
import { planByCard } from '../helpers/asaas-test-app';
import { newKey, orderRequest } from '../helpers/order-request';
import { usePlanFixture } from './plan-fixture';

// Issue 26: a cancelled plan gets no new panel order; a charge of it paid after the cancellation (the
// provider charged it anyway, or a pending one was paid late) is recorded, never lost, flagged
// 'pago_apos_cancelamento', delivers nothing, alerts the owner and shows in the panel with "Reembolsar" (its row: paid).

const owner = 'dona@impulso.example';
const shop = usePlanFixture('whsec_plan_cancelled_0123456789abcdefghi', {
  ADMIN_EMAIL: owner,
  OWNER_ALERT_EMAIL: owner,
});
const db = () => shop.asaas.app.database.db;

it('after cancellation: no panel order for a later month; its money recorded, flagged, alerted, shown for refund', async () => {
  const bought = await shop.asaas.app.server.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'idempotency-key': newKey() },
    payload: orderRequest(planByCard('@plano.cancelado')),
  });
  const firstId = bought.json().order.id as string;
  await shop.asaas.app.jobs.drain();
  expect(shop.panel.subscriptionAdds('plano.cancelado')).toHaveLength(3);
  const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.firstOrderId, firstId));
  // The second month is charged (pending), then the operator cancels the plan.
  await shop.charge(sub!.providerSubscriptionId, 'pay_cancelado_2', 'PENDING');
  const cookie = await operatorCookie(shop.asaas.app, owner);
  const cancel = await shop.asaas.app.server.inject({
    method: 'POST',
    url: `/api/admin/subscriptions/${sub!.id}/cancel`,
    headers: { cookie },
  });
  expect(cancel.statusCode).toBe(200);
  // Both that pending month and a third charge are paid after the cancellation.
  await shop.charge(sub!.providerSubscriptionId, 'pay_cancelado_2', 'RECEIVED');
  await shop.charge(sub!.providerSubscriptionId, 'pay_cancelado_3', 'RECEIVED');
  await shop.asaas.app.jobs.drain();

  const months = await db().select().from(orders).where(eq(orders.subscriptionId, sub!.id));
  const late = months.filter((o) => o.id !== firstId);
  expect(late.map((o) => [o.status, o.paymentStatus, o.paymentFlag])).toEqual([
    ['cancelado', 'paid', 'pago_apos_cancelamento'],
    ['cancelado', 'paid', 'pago_apos_cancelamento'],
  ]);
  for (const month of late)
    expect(await db().select().from(deliveries).where(eq(deliveries.orderId, month.id))).toEqual([]);
  // The panel got the first month's three subscription orders and nothing after the cancellation.
  expect(shop.panel.subscriptionAdds('plano.cancelado')).toHaveLength(3);
  const [plan] = await db().select().from(subscriptions).where(eq(subscriptions.id, sub!.id));
  expect(plan!.status).toBe('cancelled');
  const alerts = (await db().select().from(outboxEmails).where(eq(outboxEmails.to, owner))).filter((m) =>
    m.subject.includes('Pagamento recebido em pedido cancelado'),
  );
  expect(alerts).toHaveLength(2);
  // The panel lists each with its flag, paid, so its row offers "Reembolsar" (admin-order-row.tsx).
  const listed = await shop.asaas.app.server.inject({
    url: '/api/admin/orders?status=cancelado',
    headers: { cookie },
  });
  const rows = listed.json().orders as Array<{
    id: string;
    paymentFlag: string | null;
    paymentStatus: string;
  }>;
  for (const month of late)
    expect(rows.find((r) => r.id === month.id)).toMatchObject({
      paymentFlag: 'pago_apos_cancelamento',
      paymentStatus: 'paid',
    });
});
