import { afterAll, beforeAll, expect, it } from 'vitest';
import { startAsaasTestApp, type AsaasTestApp } from './helpers/asaas-test-app';
import { newKey, orderRequest } from './helpers/order-request';

// Issue 25 §4: the owner's SHOP_NAME, not "Impulso", on what the buyer reads outside the site.
let asaas: AsaasTestApp;
beforeAll(async () => {
  asaas = await startAsaasTestApp('whsec_shop_name_0123456789abcdef', { SHOP_NAME: 'Loja da Bia' });
});
afterAll(() => asaas.close());

it('names the shop in the charge description the buyer sees on the Asaas invoice', async () => {
  const res = await asaas.app.server.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'idempotency-key': newKey() },
    payload: orderRequest({ email: 'bia@exemplo.com' }),
  });
  expect(res.statusCode).toBe(201);
  const charge = asaas.fake.requests.find((r) => r.method === 'POST' && r.path === '/v3/payments');
  expect(charge!.body!.description).toBe(
    `Loja da Bia – 1000 seguidores – pedido ${res.json().order.purchaseCode.replace('-', '')}`,
  );
});

it('names the LGPD download after the shop', async () => {
  const signup = await asaas.app.server.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: {
      name: 'Bia',
      email: 'bia-dados@exemplo.com',
      password: 'segredo123',
      confirmPassword: 'segredo123',
    },
  });
  const cookie = String(signup.headers['set-cookie']).split(';')[0]!;
  const data = await asaas.app.server.inject({
    method: 'GET',
    url: '/api/account/data',
    headers: { cookie },
  });
  expect(data.headers['content-disposition']).toBe('attachment; filename="meus-dados-loja-da-bia.json"');
});
