import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '#server/db/schema/index.ts';
import { operatorCookie } from './helpers/accounts';
import { billingAddress, startAsaasTestApp, type AsaasTestApp } from './helpers/asaas-test-app';
import { approvedCard, placeOrder, orderProof } from './helpers/order-request';

// Issue 23 §1: at most one live charge and one live plan per order under any concurrency. Four
// "Pagar agora" at once (a double tap and a retrying client) against an Asaas slow to remove the old
// charge captured two to four cards before the order's charge lock (ADR 024).

const adminEmail = 'dona@impulso.example';
let asaas: AsaasTestApp;
beforeAll(async () => {
  asaas = await startAsaasTestApp('whsec_concurrency_0123456789abcdef', { ADMIN_EMAIL: adminEmail });
});
afterAll(() => asaas.close());

const chargesOf = (orderId: string) =>
  [...asaas.fake.payments.values()].filter((p) => p.externalReference === orderId);
const payWithCard = (orderId: string) =>
  asaas.app.server.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/payments`,
    headers: orderProof(orderId),
    payload: { paymentMethod: 'credit_card', installments: 1, card: approvedCard, address: billingAddress },
  });
const orderRow = async (id: string) =>
  (await asaas.app.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
async function pixOrder(email: string, overrides = {}) {
  const res = await placeOrder(asaas.app, { email, address: billingAddress, ...overrides });
  expect(res.statusCode).toBe(201);
  return res.json().order.id as string;
}

describe('four taps at once', () => {
  it('a card on an unpaid PIX order, DELETE taking 0–1 s: one card captured, the others 409, none 500', async () => {
    // Asaas answers a DELETE of a charge removed already with 404 (or, some say, 200): both are tried.
    for (const [trial, removedAnswer] of ([200, 200, 404] as const).entries()) {
      asaas.fake.deletedChargeAnswer = removedAnswer;
      const orderId = await pixOrder(`quatro.toques.${trial}@exemplo.com`);
      asaas.fake.slowAnswers({ method: 'DELETE', path: /\/payments\//, delayMs: () => Math.random() * 1000 });
      const answers = await Promise.all([1, 2, 3, 4].map(() => payWithCard(orderId)));
      asaas.fake.slowAnswers(null);
      const captured = chargesOf(orderId).filter((c) => c.billingType === 'CREDIT_CARD');
      expect(captured).toHaveLength(1);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
      const refused = answers.filter((a) => a.statusCode === 409).map((a) => a.json().message);
      expect(new Set(refused)).toEqual(
        new Set([
          'Já estamos processando um pagamento deste pedido. Aguarde alguns segundos e atualize a página antes de tentar de novo.',
        ]),
      );
      const [order] = await asaas.app.database.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order!.paymentStatus).toBe('paid');
      // The PIX was removed before the card: nothing else is payable.
      expect(chargesOf(orderId).filter((c) => !c.deleted && c.status === 'PENDING')).toEqual([]);
    }
    asaas.fake.deletedChargeAnswer = 404;
  });

  it('a charge Asaas removed already (DELETE answers 404, or 200) counts as removed: never a 500', async () => {
    for (const answer of [404, 200] as const) {
      const orderId = await pixOrder(`ja.removida.${answer}@exemplo.com`);
      asaas.fake.deletedChargeAnswer = answer;
      // Removed at Asaas behind our back (the owner in its panel, or a DELETE whose answer was lost).
      chargesOf(orderId)[0]!.deleted = true;
      const paid = await payWithCard(orderId);
      expect(paid.statusCode).toBe(201);
      expect(paid.json().order.paymentStatus).toBe('paid');
    }
    asaas.fake.deletedChargeAnswer = 404;
  });

  it('a plan paid again four times at once, slow Asaas: one active subscription at Asaas', async () => {
    const orderId = await pixOrder('plano.quatro@exemplo.com', {
      item: { type: 'recurring', plan: 'iniciante' },
    });
    asaas.fake.slowAnswers({
      method: 'DELETE',
      path: /\/(payments|subscriptions)\//,
      delayMs: () => Math.random() * 1000,
    });
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() =>
        asaas.app.server.inject({
          method: 'POST',
          url: `/api/orders/${orderId}/payments`,
          headers: orderProof(orderId),
          payload: { paymentMethod: 'pix', installments: 1 },
        }),
      ),
    );
    asaas.fake.slowAnswers(null);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode >= 500)).toEqual([]);
    const plans = [...asaas.fake.subscriptions.values()].filter((s) => s.externalReference === orderId);
    expect(plans.filter((s) => s.status === 'ACTIVE')).toHaveLength(1);
    // Only the live plan's months can be paid: its first, and its second generated ahead.
    const payable = [...asaas.fake.payments.values()].filter(
      (p) => plans.some((s) => s.id === p.subscription) && !p.deleted && p.status === 'PENDING',
    );
    expect(payable).toHaveLength(2);
    expect(new Set(payable.map((p) => p.subscription)).size).toBe(1);
  });

  /** Resolves once the fake has received a DELETE of the order's charge: the first caller holds the lock. */
  const removalStarted = async (orderId: string) => {
    const id = chargesOf(orderId)[0]!.id;
    while (!asaas.fake.requests.some((r) => r.method === 'DELETE' && r.path.endsWith(`/payments/${id}`)))
      await new Promise((resolve) => setImmediate(resolve));
  };

  it('the buyer paying again while the operator cancels: whoever holds the lock goes, the other gets 409', async () => {
    const cookie = await operatorCookie(asaas.app, adminEmail);
    const cancel = (orderId: string) =>
      asaas.app.server.inject({
        method: 'PATCH',
        url: `/api/admin/orders/${orderId}`,
        headers: { cookie },
        payload: { status: 'cancelado' },
      });
    asaas.fake.slowAnswers({ method: 'DELETE', path: /\/payments\//, delayMs: () => 300 });
    try {
      // The cancel first: the order ends cancelled with nothing payable; the payment is refused.
      const first = await pixOrder('cancela.antes@exemplo.com');
      const cancelling = cancel(first);
      await removalStarted(first);
      expect((await payWithCard(first)).statusCode).toBe(409);
      expect((await cancelling).statusCode).toBe(200);
      expect(await orderRow(first)).toMatchObject({ status: 'cancelado', paymentStatus: 'unpaid' });
      expect(chargesOf(first).filter((c) => !c.deleted)).toEqual([]);

      // The payment first: paid once; the cancel is refused and the order is not cancelled.
      const second = await pixOrder('paga.antes@exemplo.com');
      const paying = payWithCard(second);
      await removalStarted(second);
      expect((await cancel(second)).statusCode).toBe(409);
      expect((await paying).statusCode).toBe(201);
      expect(await orderRow(second)).toMatchObject({ status: 'processando', paymentStatus: 'paid' });
    } finally {
      asaas.fake.slowAnswers(null);
    }
  });
});
