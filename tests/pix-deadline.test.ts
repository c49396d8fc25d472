import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, outboxEmails, subscriptions } from '#server/db/schema/index.ts';
import { operatorCookie } from './helpers/accounts';
import { deliverAsaasEvents } from './helpers/asaas-events';
import { startAsaasTestApp, type AsaasTestApp } from './helpers/asaas-test-app';
import { placeOrder } from './helpers/order-request';

// Issue 23 §2 and §4: the PIX's due date at Asaas covers the shop's own deadline (a "today" due date turned
// it OVERDUE at midnight, and OVERDUE took it out of the expiry for good); an OVERDUE charge is still
// removed; a plan whose first PIX expires ends with it; the operator's cancel removes the charge first.

// 23:50 in São Paulo: a due date of "today" would pass in ten minutes.
let now = Date.parse('2026-11-24T02:50:00Z');
const clock = () => new Date(now);
const adminEmail = 'dona@impulso.example';
const webhookToken = 'whsec_pix_deadline_0123456789abcdef';
let asaas: AsaasTestApp;
beforeAll(async () => {
  asaas = await startAsaasTestApp(
    webhookToken,
    { PIX_EXPIRY_MINUTES: '1440', ADMIN_EMAIL: adminEmail },
    { clock },
  );
});
afterAll(() => asaas.close());

const chargeOf = (orderId: string) =>
  [...asaas.fake.payments.values()].find((p) => p.externalReference === orderId)!;
const orderRow = async (id: string) =>
  (await asaas.app.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
async function pixOrder(email: string, overrides = {}) {
  const res = await placeOrder(asaas.app, { email, ...overrides });
  expect(res.statusCode).toBe(201);
  return res.json().order.id as string;
}

describe('the PIX deadline', () => {
  it('the due date sent to Asaas covers the shop’s 24 h: past midnight the charge is not overdue', async () => {
    const orderId = await pixOrder('meia.noite@exemplo.com');
    expect(chargeOf(orderId).dueDate).toBe('2026-11-24');
    now += 20 * 60_000; // 00:10 the next day in São Paulo
    expect(asaas.fake.passDueDates()).toEqual([]);
    await deliverAsaasEvents(asaas.app, asaas.fake, webhookToken);
    await asaas.app.jobs.drain();
    expect((await orderRow(orderId)).status).toBe('pendente');
  });

  it('an OVERDUE charge (PAYMENT_OVERDUE delivered) is still removed when the deadline passes', async () => {
    const orderId = await pixOrder('vencida@exemplo.com');
    await deliverAsaasEvents(asaas.app, asaas.fake, webhookToken);
    now += 2 * 86_400_000;
    const overdue = asaas.fake.passDueDates().map((p) => p.id);
    expect(overdue).toContain(chargeOf(orderId).id);
    await deliverAsaasEvents(asaas.app, asaas.fake, webhookToken);
    await asaas.app.jobs.drain();
    expect(chargeOf(orderId).deleted).toBe(true);
    expect(await orderRow(orderId)).toMatchObject({ status: 'cancelado', cancelReason: 'expired' });
  });

  it('a plan whose first month’s PIX expires ends with it: Asaas would bill it monthly', async () => {
    const orderId = await pixOrder('plano.expira@exemplo.com', {
      item: { type: 'recurring', plan: 'iniciante' },
    });
    const plan = [...asaas.fake.subscriptions.values()].find((s) => s.externalReference === orderId)!;
    now += 25 * 3_600_000;
    await asaas.app.jobs.drain();
    expect(plan.status).toBe('INACTIVE');
    const [ours] = await asaas.app.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.firstOrderId, orderId));
    expect(ours!.status).toBe('cancelled');
    expect(await orderRow(orderId)).toMatchObject({ status: 'cancelado', cancelReason: 'expired' });
  });
});

describe('the operator cancels an unpaid order', () => {
  const cancel = async (orderId: string) =>
    asaas.app.server.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${orderId}`,
      headers: { cookie: await operatorCookie(asaas.app, adminEmail) },
      payload: { status: 'cancelado' },
    });

  it('its PIX is removed at Asaas first: a buyer can no longer pay an order that will not be delivered', async () => {
    const orderId = await pixOrder('cancelada.pela.dona@exemplo.com');
    const res = await cancel(orderId);
    expect(res.statusCode).toBe(200);
    expect(chargeOf(orderId).deleted).toBe(true);
    expect((await orderRow(orderId)).status).toBe('cancelado');
  });

  it('paid meanwhile: the payment is recorded and the cancel refused with the reason', async () => {
    const orderId = await pixOrder('paga.ao.cancelar@exemplo.com');
    chargeOf(orderId).status = 'RECEIVED'; // paid at Asaas; its webhook has not arrived
    const res = await cancel(orderId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Este pedido foi pago enquanto você o cancelava: o pagamento foi registrado. Para desfazer a venda, use "Reembolsar".',
    );
    expect(await orderRow(orderId)).toMatchObject({ status: 'processando', paymentStatus: 'paid' });
    await asaas.app.jobs.drain();
    const mails = await asaas.app.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.to, 'paga.ao.cancelar@exemplo.com'));
    expect(mails.filter((m) => m.subject.includes('confirmado'))).toHaveLength(1);
  });
});
