import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, outboxEmails, payments } from '#server/db/schema/index.ts';
import { billingAddress, startAsaasTestApp, type AsaasTestApp } from './helpers/asaas-test-app';
import { approvedCard, newKey, orderRequest, orderProof } from './helpers/order-request';
import type { TestApp } from './helpers/test-app';

// A card charge whose answer is lost (issue 12): the charge may exist and may be captured. It is recorded
// as unknown, found by externalReference, matched to webhooks by it too, and no new attempt is offered
// meanwhile — captured money is never missed, and the buyer is never charged twice.

const webhookToken = 'whsec_unknown_1234567890_0123456789abcdefghij';
let now = Date.parse('2026-11-23T15:00:00Z');
const clock = () => new Date(now);
let asaas: AsaasTestApp;
let app: TestApp;
beforeAll(async () => {
  asaas = await startAsaasTestApp(webhookToken, {}, { clock });
  app = asaas.app;
});
afterAll(() => asaas.close());

const cardOrder = () =>
  app.server.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'idempotency-key': newKey() },
    payload: orderRequest({ paymentMethod: 'credit_card', card: approvedCard, address: billingAddress }),
  });
const cardPosts = () =>
  asaas.fake.requests.filter(
    (r) => r.method === 'POST' && r.path === '/v3/payments' && r.body?.billingType === 'CREDIT_CARD',
  );
const orderRow = async (id: string) =>
  (await app.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const attempts = (id: string) => app.database.db.select().from(payments).where(eq(payments.orderId, id));

describe('unknown outcome of a card charge', () => {
  it('answer lost, charge captured: found at once by externalReference, the order paid once', async () => {
    const before = cardPosts().length;
    asaas.fake.loseNextAnswer(/^\/v3\/payments$/);
    const res = await cardOrder();
    expect(res.statusCode).toBe(201);
    expect(res.json().next).toBe('success');
    const orderId = res.json().order.id;
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'paid', status: 'processando' });
    expect(cardPosts().length - before).toBe(1);
    expect(
      asaas.fake.requests.some((r) => r.path.startsWith(`/v3/payments?externalReference=${orderId}&`)),
    ).toBe(true);
  });

  it('lookup failing too: the buyer is told not to pay again, no new attempt; the webhook matched by externalReference pays it', async () => {
    asaas.fake.loseNextAnswer(/^\/v3\/payments$/);
    asaas.fake.answerNext(/^\/v3\/payments$/, 503, '{}', 'GET');
    const res = await cardOrder();
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(
      'Não conseguimos confirmar o pagamento com a operadora. Não pague de novo: estamos verificando e avisamos por e-mail.',
    );
    const orderId = res.json().orderId as string;
    expect((await attempts(orderId))[0]!.status).toBe('unknown');
    expect((await app.server.inject({ url: `/api/orders/${orderId}` })).json().payable).toBe(false);
    const again = await app.server.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/payments`,
      headers: orderProof(orderId),
      payload: { paymentMethod: 'pix', installments: 1 },
    });
    expect(again.statusCode).toBe(409);

    const charge = [...asaas.fake.payments.values()].find((p) => p.externalReference === orderId)!;
    const hook = await app.server.inject({
      method: 'POST',
      url: '/api/webhooks/asaas',
      headers: { 'asaas-access-token': webhookToken },
      payload: {
        id: `evt_lost_${orderId}`,
        event: 'PAYMENT_CONFIRMED',
        payment: {
          object: 'payment',
          id: charge.id,
          status: 'CONFIRMED',
          externalReference: orderId,
          value: 85.9,
        },
      },
    });
    expect(hook.statusCode).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'paid' });
    expect((await attempts(orderId))[0]).toMatchObject({ providerPaymentId: charge.id, status: 'paid' });
  });

  it('reconciliation finds it when no webhook comes', async () => {
    asaas.fake.loseNextAnswer(/^\/v3\/payments$/);
    asaas.fake.answerNext(/^\/v3\/payments$/, 503, '{}', 'GET');
    const orderId = (await cardOrder()).json().orderId as string;
    now += 2 * 60_000;
    await app.reconciler.runOnce();
    expect((await orderRow(orderId)).paymentStatus).toBe('paid');
  });

  it('nothing at the provider after 30 minutes: the attempt failed, the buyer is e-mailed once and may pay again', async () => {
    asaas.fake.answerNext(/^\/v3\/payments$/, 504, '<html>gateway timeout</html>', 'POST');
    const res = await cardOrder();
    expect(res.statusCode).toBe(502);
    const orderId = res.json().orderId as string;
    now += 31 * 60_000;
    await app.reconciler.runOnce();
    expect((await attempts(orderId))[0]!.status).toBe('failed');
    expect((await app.server.inject({ url: `/api/orders/${orderId}` })).json().payable).toBe(true);

    // The checkout promised an e-mail ("avisamos por e-mail"): one, however often reconciliation runs.
    now += 2 * 60_000;
    await app.reconciler.runOnce();
    await app.jobs.drain();
    const { email } = await orderRow(orderId);
    const mails = await app.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    const notCharged = mails.filter((m) => m.subject.startsWith('Pagamento não concluído'));
    expect(notCharged).toHaveLength(1);
    expect(notCharged[0]!.text).toContain('nada foi cobrado');
    expect(notCharged[0]!.text).toContain(`/order/${orderId}`);
  });
});
