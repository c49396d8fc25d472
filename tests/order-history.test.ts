import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAuditEntry, AdminMetrics } from '#shared/schemas/admin.ts';
import { startOperatorApp } from './helpers/accounts';
import { approvedCard, declinedCard, orderProof, placeOrder } from './helpers/order-request';
import type { TestApp } from './helpers/test-app';

// Issue 46 §5, ADR 056: the order's "Histórico" in the panel holds every payment event and every operator
// change, with who and when; a declined card tried again is one order, counted once in the panel.

const adminEmail = 'dona@impulso.com.br';
let app: TestApp;
let cookie: string;
beforeAll(async () => {
  ({ app, cookie } = await startOperatorApp(adminEmail, () => new Date()));
});
afterAll(() => app.close());

const admin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  app.server.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
/**
 * The history as the panel shows it, `who · field: old → new`, sorted: the entries of one transaction share
 * its time, so their order among themselves is not the point.
 */
async function history(orderId: string): Promise<string[]> {
  const answer = await admin('GET', `/api/admin/orders/${orderId}/audit`);
  expect(answer.statusCode).toBe(200);
  const entries = answer.json<{ audit: AdminAuditEntry[] }>().audit;
  for (const entry of entries) expect(Date.parse(entry.createdAt)).not.toBeNaN();
  return entries.map((a) => `${a.actor} · ${a.field}: ${a.oldValue ?? '—'} → ${a.newValue ?? '—'}`).sort();
}

describe("the order's history", () => {
  it('"Simular pagamento" right after the order: the charge, its payment and the status, by the operator', async () => {
    const placed = await placeOrder(app);
    expect(placed.statusCode).toBe(201);
    const orderId: string = placed.json().order.id;
    expect(await history(orderId)).toEqual(['sandbox · cobrança pix: creating → pending']);

    expect((await admin('POST', `/api/admin/orders/${orderId}/simulate-payment`, {})).statusCode).toBe(200);
    expect(await history(orderId)).toEqual(
      [
        'sandbox · cobrança pix: creating → pending',
        `${adminEmail} · cobrança pix: pending → paid`,
        `${adminEmail} · payment_status: unpaid → paid`,
        `${adminEmail} · status: pendente → processando`,
      ].sort(),
    );
  });

  it("the operator's changes and a refund, each under their name", async () => {
    const placed = await placeOrder(app);
    const orderId: string = placed.json().order.id;
    await admin('POST', `/api/admin/orders/${orderId}/simulate-payment`, {});
    expect(
      (await admin('PATCH', `/api/admin/orders/${orderId}`, { note: 'Cliente pediu urgência' })).statusCode,
    ).toBe(200);
    const refund = await app.server.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/refunds`,
      headers: { cookie, 'idempotency-key': crypto.randomUUID() },
      payload: { amountCents: 1000, reason: 'Atraso na entrega' },
    });
    expect(refund.statusCode).toBeLessThan(300);
    const lines = await history(orderId);
    expect(lines).toContain(`${adminEmail} · note: — → Cliente pediu urgência`);
    expect(lines).toContain(`${adminEmail} · reembolso: — → R$ 10,00 pedido: Atraso na entrega`);
    expect(lines.some((line) => line.includes('· reembolso: sending →'))).toBe(true);
  });

  it('a declined card, then the same order paid: one order in the panel, nothing pending', async () => {
    const before = await metrics();
    const declined = await placeOrder(app, { paymentMethod: 'credit_card', card: declinedCard });
    expect(declined.statusCode).toBe(422);
    const { orderId } = declined.json<{ orderId: string }>();
    const retry = await app.server.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/payments`,
      headers: orderProof(orderId),
      payload: { paymentMethod: 'credit_card', installments: 1, card: approvedCard },
    });
    expect(retry.statusCode).toBe(201);
    const total: number = retry.json().order.totalCents;

    expect(await history(orderId)).toEqual(
      [
        'sandbox · cobrança credit_card: creating → declined',
        'sandbox · cobrança credit_card: creating → paid',
        'loja · payment_status: unpaid → paid',
        'loja · status: pendente → processando',
      ].sort(),
    );
    const after = await metrics();
    expect(after.orders - before.orders).toBe(1);
    expect(after.pendingCents - before.pendingCents).toBe(0);
    expect(after.revenueCents - before.revenueCents).toBe(total);
  });
});

async function metrics(): Promise<AdminMetrics> {
  const answer = await admin('GET', '/api/admin/dashboard?period=all');
  expect(answer.statusCode).toBe(200);
  return answer.json<{ metrics: AdminMetrics }>().metrics;
}
