import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';
import { orderRequest, placeOrder } from './helpers/order-request';
import { startAsaasTestApp, type AsaasTestApp } from './helpers/asaas-test-app';

let app: TestApp;
let asaas: AsaasTestApp;
beforeAll(async () => {
  app = await createTestApp({ CARD_CHECKOUT: 'hosted' });
  asaas = await startAsaasTestApp('whsec_hosted_plans_0123456789abcdef', { CARD_CHECKOUT: 'hosted' });
});
afterAll(async () => {
  await app.close();
  await asaas.close();
});

const order = (target: TestApp, overrides: Parameters<typeof orderRequest>[0]) =>
  placeOrder(target, overrides);

it("CARD_CHECKOUT=hosted sends credit-card buyers to the provider's page, with no card data asked", async () => {
  const res = await order(app, { paymentMethod: 'credit_card' });
  expect(res.statusCode).toBe(201);
  expect(res.json()).toMatchObject({
    next: 'redirect',
    order: { paymentMethod: 'credit_card', paymentStatus: 'unpaid' },
    payment: { checkoutUrl: expect.stringMatching(/^\/sandbox\/checkout\/sandbox_pay_/) },
  });
  const page = await app.server.inject({ method: 'GET', url: res.json().payment.checkoutUrl });
  expect(page.body).toContain('Cartão de crédito');
});

it("a card plan under CARD_CHECKOUT=hosted: the buyer pays the first month's invoice (sandbox and Asaas)", async () => {
  const plan = { item: { type: 'recurring', plan: 'simples' }, paymentMethod: 'credit_card' } as const;
  const sandbox = await order(app, plan);
  expect(sandbox.json()).toMatchObject({
    next: 'redirect',
    payment: { checkoutUrl: expect.stringMatching(/^\/sandbox\/checkout\//) },
  });

  const res = await order(asaas.app, plan);
  expect(res.statusCode).toBe(201);
  const first = [...asaas.fake.payments.values()].find((p) => p.subscription)!;
  expect(first.status).toBe('PENDING');
  expect(res.json()).toMatchObject({ next: 'redirect', payment: { checkoutUrl: first.invoiceUrl } });
  // No card data crossed our server.
  const created = asaas.fake.requests.find((r) => r.path === '/v3/subscriptions')!;
  expect(created.body).not.toHaveProperty('creditCard');
});
