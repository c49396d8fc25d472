import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, outboxEmails, payments } from '#server/db/schema/index.ts';
import { deliverAsaasEvents } from './helpers/asaas-events';
import { billingAddress, startAsaasTestApp, type AsaasTestApp } from './helpers/asaas-test-app';
import { approvedCard, placeOrder, orderProof } from './helpers/order-request';
import type { TestApp } from './helpers/test-app';

// What a card charge at Asaas can come to besides approved and declined (issue 12): an answer slower
// than our wait (the charge exists: found, paid once), a refusal that is not the card's (logged with its
// code, shown as the provider's error), and Asaas's risk analysis (held, then approved or reproved).

const webhookToken = 'whsec_card_outcomes_0123456789abcdef';
const logLines: string[] = [];
let asaas: AsaasTestApp;
let app: TestApp;
beforeAll(async () => {
  asaas = await startAsaasTestApp(
    webhookToken,
    { LOG_LEVEL: 'error' },
    { cardTimeoutMs: 400, logStream: { write: (line) => void logLines.push(line) } },
  );
  app = asaas.app;
});
afterAll(() => asaas.close());

const cardOrder = (email = 'cartao@exemplo.com') =>
  placeOrder(app, {
    email,
    paymentMethod: 'credit_card',
    card: approvedCard,
    address: billingAddress,
  });
const orderView = async (id: string) => (await app.server.inject({ url: `/api/orders/${id}` })).json();
const orderRow = async (id: string) =>
  (await app.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const attempts = (id: string) => app.database.db.select().from(payments).where(eq(payments.orderId, id));
const chargesOf = (id: string) => [...asaas.fake.payments.values()].filter((p) => p.externalReference === id);
const payAgainByPix = (id: string) =>
  app.server.inject({
    method: 'POST',
    url: `/api/orders/${id}/payments`,
    headers: orderProof(id),
    payload: { paymentMethod: 'pix', installments: 1 },
  });

describe('card outcomes at Asaas', () => {
  it('an answer slower than our wait: the charge is found by externalReference and paid once', async () => {
    asaas.fake.delayNextAnswer(/^\/v3\/payments$/, 1500);
    const res = await cardOrder();
    expect(res.statusCode).toBe(201);
    const orderId = res.json().order.id as string;
    expect(res.json().next).toBe('success');
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'paid', status: 'processando' });
    expect(chargesOf(orderId)).toHaveLength(1);
    expect((await attempts(orderId))[0]!.providerPaymentId).toBe(chargesOf(orderId)[0]!.id);
  });

  it('a 400 that is not a card refusal: the attempt failed, logged with its code, shown as the provider error', async () => {
    asaas.fake.answerNext(
      /^\/v3\/payments$/,
      400,
      JSON.stringify({
        errors: [{ code: 'invalid_billingType', description: 'Conta sem cartão liberado.' }],
      }),
      'POST',
    );
    const res = await cardOrder();
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('Erro ao processar pagamento com cartão');
    const orderId = res.json().orderId as string;
    expect((await attempts(orderId))[0]!.status).toBe('failed');
    expect(logLines.some((l) => l.includes('"code":"invalid_billingType"') && l.includes(orderId))).toBe(
      true,
    );
    expect((await orderView(orderId)).payable).toBe(true);
  });

  it('risk analysis: "Pagamento em análise", no second attempt meanwhile; approved → paid', async () => {
    asaas.fake.riskAnalysis = true;
    const res = await cardOrder();
    asaas.fake.riskAnalysis = false;
    expect(res.statusCode).toBe(201);
    const orderId = res.json().order.id as string;
    expect(res.json()).toMatchObject({ next: 'thanks', payment: { status: 'in_analysis' } });
    expect((await orderView(orderId)).payable).toBe(false);
    const again = await payAgainByPix(orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'O pagamento com cartão está em análise pela operadora. Não pague de novo: avisamos por e-mail quando terminar.',
    );

    asaas.fake.decideRiskAnalysis(chargesOf(orderId)[0]!.id, true);
    await deliverAsaasEvents(app, asaas.fake, webhookToken);
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'paid', status: 'processando' });
  });

  it('risk analysis reproves: the attempt fails with a clear message and an e-mail; the buyer pays by PIX', async () => {
    asaas.fake.riskAnalysis = true;
    const email = 'reprovado@exemplo.com';
    const orderId = (await cardOrder(email)).json().order.id as string;
    asaas.fake.riskAnalysis = false;
    asaas.fake.decideRiskAnalysis(chargesOf(orderId)[0]!.id, false);
    await deliverAsaasEvents(app, asaas.fake, webhookToken);

    const view = await orderView(orderId);
    expect(view).toMatchObject({ payable: true, payment: { status: 'reproved' } });
    expect((await orderRow(orderId)).paymentStatus).toBe('unpaid');
    const mails = await app.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    expect(mails.map((m) => m.subject).filter((s) => s.startsWith('Pagamento não aprovado'))).toHaveLength(1);

    const pix = await payAgainByPix(orderId);
    expect(pix.statusCode).toBe(201);
    expect(pix.json().next).toBe('pix');
  });
});
