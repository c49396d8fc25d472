import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, webhookEvents } from '#server/db/schema/index.ts';
import type { FakeAsaas } from './fake-asaas/fake-asaas-server';
import { billingAddress, startAsaasTestApp, type AsaasTestApp } from './helpers/asaas-test-app';
import { requestRefund } from '#server/payments/refunds.ts';
import { approvedCard, declinedCard, newKey, orderRequest } from './helpers/order-request';
import type { TestApp } from './helpers/test-app';

const webhookToken = 'whsec_test_token_123_0123456789abcdefghij';
// Lower-case UF on purpose: the server upper-cases it.
const address = { ...billingAddress, state: 'sp' };
let fake: FakeAsaas;
let app: TestApp;
let asaas: AsaasTestApp;

beforeAll(async () => {
  asaas = await startAsaasTestApp(webhookToken, {
    ASAAS_USER_AGENT: 'Impulso-Teste',
    RECONCILE_INTERVAL_SECONDS: '5',
  });
  ({ fake, app } = asaas);
});
afterAll(() => asaas.close());

const createOrder = (body: unknown, remoteAddress = '198.51.100.23') =>
  app.server.inject({
    method: 'POST',
    url: '/api/orders',
    remoteAddress,
    headers: { 'idempotency-key': newKey() },
    payload: body as object,
  });

const webhook = (body: unknown, token: string | null = webhookToken) =>
  app.server.inject({
    method: 'POST',
    url: '/api/webhooks/asaas',
    headers: token === null ? {} : { 'asaas-access-token': token },
    payload: body as object,
  });

const lastRequest = (method: string, path: string) =>
  fake.requests.filter((r) => r.method === method && r.path.startsWith(path)).at(-1)!;

describe('asaas adapter against the fake Asaas API', () => {
  it('creates a PIX charge for the order, with the QR code Asaas returns', async () => {
    const res = await createOrder(
      orderRequest({ addOns: ['likes'], addOnLinks: { likes: 'https://www.instagram.com/p/Cx1abd/' } }),
    );
    expect(res.statusCode).toBe(201);
    const { order, payment } = res.json();
    const charge = lastRequest('POST', '/v3/payments');
    expect(charge.body).toMatchObject({ billingType: 'PIX', value: 109.9, externalReference: order.id });
    expect(charge.body!.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(charge.headers.access_token).toBe(fake.apiKey);
    expect(charge.headers['user-agent']).toBe('Impulso-Teste');
    expect(payment.pixPayload).toMatch(/^000201/);
    expect(payment.pixImageBase64).toMatch(/^iVBOR/);
    // The shop's 24 h deadline, not the year Asaas would keep the charge payable (docs/product.md#pix).
    expect(Math.abs(Date.parse(payment.expiresAt) - (Date.now() + 86_400_000))).toBeLessThan(60_000);
    expect(lastRequest('POST', '/v3/customers').body).toMatchObject({
      cpfCnpj: '52998224725',
      name: 'Ana Souza',
    });
  });

  it('reuses the customer with the same CPF', async () => {
    await createOrder(orderRequest());
    await createOrder(orderRequest());
    expect([...fake.customers.values()].filter((c) => c.cpfCnpj === '52998224725')).toHaveLength(1);
  });

  it('charges a card in 3x with the buyer IP from the request, and the order is paid', async () => {
    const res = await createOrder(
      orderRequest({
        paymentMethod: 'credit_card',
        installments: 3,
        card: approvedCard,
        address,
      }),
      '203.0.113.99',
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().order).toMatchObject({ paymentStatus: 'paid', status: 'processando' });
    const charge = lastRequest('POST', '/v3/payments').body!;
    expect(charge).toMatchObject({
      billingType: 'CREDIT_CARD',
      installmentCount: 3,
      totalValue: 85.9,
      remoteIp: '203.0.113.99',
      creditCard: {
        number: '4444444444444444',
        expiryMonth: '12',
        expiryYear: '2030',
        ccv: '123',
        holderName: 'ANA SOUZA',
      },
      creditCardHolderInfo: { cpfCnpj: '52998224725', postalCode: '01310100', addressNumber: '1000' },
    });
    expect(charge.value).toBe(85.9); // required by Asaas's document, instalments too (tests/contracts/asaas)
  });

  it('asks for the billing address before charging a card through our form', async () => {
    const res = await createOrder(orderRequest({ paymentMethod: 'credit_card', card: approvedCard }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'address.cep',
      message: 'Para pagar com cartão, preencha CEP, rua, número, bairro, cidade e UF',
    });
  });

  it("a declined card (HTTP 400) answers 422 with Asaas's message and leaves the order unpaid", async () => {
    const res = await createOrder(
      orderRequest({ paymentMethod: 'credit_card', card: declinedCard, address }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'Transação não autorizada. Verifique os dados do cartão de crédito e tente novamente.',
    );
    const [order] = await app.database.db.select().from(orders).where(eq(orders.id, res.json().orderId));
    expect(order).toMatchObject({ paymentStatus: 'unpaid', status: 'pendente' });
  });

  it('an Asaas outage keeps the order and says so', async () => {
    fake.failNext(500);
    const res = await createOrder(orderRequest());
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('Falha ao gerar Pix. Tente novamente.');
  });

  it("sends debit-card buyers to Asaas's invoice page", async () => {
    const res = await createOrder(orderRequest({ paymentMethod: 'debit_card' }));
    expect(res.json()).toMatchObject({
      next: 'redirect',
      payment: { checkoutUrl: expect.stringMatching(/^https:\/\/sandbox\.asaas\.example\/i\/pay_/) },
    });
    expect(lastRequest('POST', '/v3/payments').body).toMatchObject({
      billingType: 'UNDEFINED',
      callback: {
        autoRedirect: true,
        successUrl: expect.stringContaining(`/obrigado?pedido_id=${res.json().order.id}`),
      },
    });
  });
});

describe('refunds', () => {
  it('refunds a paid card order at Asaas and marks it Reembolsado', async () => {
    const { order } = (
      await createOrder(orderRequest({ paymentMethod: 'credit_card', card: approvedCard, address }))
    ).json();
    const { provider } = asaas;
    await requestRefund(
      { db: app.database.db, provider, clock: () => new Date() },
      { orderId: order.id, reason: 'teste', idempotencyKey: newKey(), actor: 'dona@impulso.example' },
    );
    const [row] = await app.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.paymentStatus).toBe('refunded');
    expect(lastRequest('POST', '/v3/payments/').path).toMatch(/\/refund$/);
  });
});

describe('POST /api/webhooks/asaas', () => {
  const pixOrder = async () => {
    const { order, payment } = (await createOrder(orderRequest())).json();
    const providerPaymentId = [...fake.payments.values()].find((p) => p.externalReference === order.id)!.id;
    return { order, payment, providerPaymentId };
  };
  const received = (eventId: string, providerPaymentId: string) => ({
    id: eventId,
    event: 'PAYMENT_RECEIVED',
    dateCreated: '2026-11-22 10:00:00',
    payment: {
      object: 'payment',
      id: providerPaymentId,
      status: 'RECEIVED',
      value: 85.9,
      newAttribute: { anything: true },
    },
  });
  const orderRow = async (id: string) =>
    (await app.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  it('refuses a missing or wrong token with 401', async () => {
    expect((await webhook({ id: 'evt_x', event: 'PAYMENT_RECEIVED' }, null)).statusCode).toBe(401);
    expect((await webhook({ id: 'evt_x', event: 'PAYMENT_RECEIVED' }, 'wrong')).statusCode).toBe(401);
  });

  it('the same event 50 times is stored once and moves the order once', async () => {
    const { order, providerPaymentId } = await pixOrder();
    const event = received(`evt_${order.id}&1`, providerPaymentId);
    const answers = await Promise.all(Array.from({ length: 50 }, () => webhook(event)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(
      await app.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, event.id)),
    ).toHaveLength(1);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ paymentStatus: 'paid', status: 'processando' });
    const paidAt = row.paidAt;
    await webhook(event);
    expect((await orderRow(order.id)).paidAt).toEqual(paidAt);
  });

  it('webhook before poll: the later poll changes nothing', async () => {
    const { order, providerPaymentId } = await pixOrder();
    await webhook(received(`evt_${order.id}&2`, providerPaymentId));
    const paidAt = (await orderRow(order.id)).paidAt;
    fake.payments.get(providerPaymentId)!.status = 'RECEIVED';
    await app.reconciler.runOnce();
    expect((await orderRow(order.id)).paidAt).toEqual(paidAt);
  });

  it('poll before webhook: reconciliation pays the order, the late webhook changes nothing', async () => {
    const { order, providerPaymentId } = await pixOrder();
    fake.payments.get(providerPaymentId)!.status = 'RECEIVED';
    const run = await app.reconciler.runOnce();
    expect(run.paymentsChecked).toBeGreaterThan(0);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ paymentStatus: 'paid', status: 'processando' });
    await webhook(received(`evt_${order.id}&3`, providerPaymentId));
    expect((await orderRow(order.id)).paidAt).toEqual(row.paidAt);
  });

  it('a payment confirmed after the order was cancelled is recorded and flagged', async () => {
    const { order, providerPaymentId } = await pixOrder();
    await app.database.db.update(orders).set({ status: 'cancelado' }).where(eq(orders.id, order.id));
    await webhook(received(`evt_${order.id}&4`, providerPaymentId));
    expect(await orderRow(order.id)).toMatchObject({
      paymentStatus: 'paid',
      status: 'cancelado',
      paymentFlag: 'pago_apos_cancelamento',
    });
  });

  it('keeps an event without id or type (answered 200, never stopping the queue), and accepts unknown event types', async () => {
    expect((await webhook({ event: 'PAYMENT_RECEIVED' })).statusCode).toBe(200);
    expect((await webhook({ id: 'evt_unknown_type', event: 'SOMETHING_NEW', extra: 1 })).statusCode).toBe(
      200,
    );
  });
});
