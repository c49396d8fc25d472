import { randomUUID } from 'node:crypto';
import type { CreateOrderRequest } from '#shared/schemas/checkout.ts';
import { signOrderToken } from '#server/orders/order-capability.ts';
import type { TestApp } from './test-app';

/** A valid checkout body; tests override what they are about. */
export function orderRequest(overrides: Partial<CreateOrderRequest> = {}): CreateOrderRequest {
  return {
    item: { type: 'followers', amount: 1000 },
    instagram: '@loja.da.ana',
    whatsapp: '(11) 9 1234-5678',
    addOns: [],
    addOnLinks: {},
    name: 'Ana Souza',
    email: 'ana@exemplo.com',
    cpf: '529.982.247-25',
    paymentMethod: 'pix',
    installments: 1,
    ...overrides,
  };
}

export const approvedCard = {
  number: '4444 4444 4444 4444',
  expiry: '12/30',
  cvv: '123',
  holderName: 'ana souza',
};
export const declinedCard = {
  number: '5184 0197 4037 3151',
  expiry: '12/30',
  cvv: '123',
  holderName: 'ana souza',
};

export const newKey = () => randomUUID();

/** POST /api/orders with a fresh Idempotency-Key: a buyer's checkout. */
export const placeOrder = (
  app: { server: { inject: TestApp['server']['inject'] } },
  overrides: Partial<CreateOrderRequest> = {},
) =>
  app.server.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'idempotency-key': newKey() },
    payload: orderRequest(overrides),
  });

/** POST /api/orders from one client address, with a given or fresh Idempotency-Key: limits per IP. */
export const placeOrderFrom = (
  app: { server: { inject: TestApp['server']['inject'] } },
  body: object,
  ip: string,
  key: string = newKey(),
) =>
  app.server.inject({
    method: 'POST',
    url: '/api/orders',
    remoteAddress: ip,
    headers: { 'idempotency-key': key },
    payload: body,
  });

/** ORDER_LINK_SECRET of every test app (createTestApp), so a test can sign what the create answer gives. */
export const testOrderLinkSecret = 'test-order-link-secret-0123456789abcdef';

/**
 * The proof a write on /api/orders/{id}/… needs (ADR 026): the token the create answer gives the
 * browser that placed the order, for tests that no longer hold that answer.
 */
export const orderProof = (orderId: string) => ({
  'x-order-token': signOrderToken(testOrderLinkSecret, orderId, new Date('2100-01-01T00:00:00Z')),
});
