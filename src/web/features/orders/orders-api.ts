import { normalisePurchaseCode } from '#shared/orders.ts';
import type { CreateOrderResponse } from '#shared/schemas/order-view.ts';
import { api } from '../../lib/api';
import { keepOrderToken, orderToken } from './order-access';

// The orders feature's calls to our server. The kept token proves the order (ADR 026).

/**
 * The order; proved by the tab's token or the account's session, the answer carries what only its buyer
 * sees (the code, the PIX, the invoice's links) and a fresh token, kept for the page's writes (ADR 041).
 */
export async function fetchOrder(orderId: string) {
  const token = orderToken(orderId);
  const answer = await api.get<CreateOrderResponse>(`/api/orders/${encodeURIComponent(orderId)}`, {
    timeoutMs: 15_000,
    ...(token ? { headers: { 'x-order-token': token } } : {}),
  });
  keepOrderToken(orderId, answer.orderToken);
  return answer;
}

/**
 * POST to one of the order's write routes with the kept token, or with `code` when the buyer typed
 * one; the fresh token of the answer is kept.
 */
export async function postOrderWrite<T extends { orderToken?: string }>(
  orderId: string,
  path: string,
  body: unknown,
  code?: string,
): Promise<T> {
  const token = orderToken(orderId);
  const headers: Record<string, string> = {};
  if (code && normalisePurchaseCode(code)) headers['x-purchase-code'] = code;
  else if (token) headers['x-order-token'] = token;
  const answer = await api.post<T>(path, body, { headers });
  keepOrderToken(orderId, answer.orderToken);
  return answer;
}

/** The order's write routes, posted with the token or the purchase code (usePurchaseCode). */
export const orderWrites = {
  payments: (orderId: string) => `/api/orders/${orderId}/payments`,
  refill: (orderId: string) => `/api/orders/${orderId}/refill`,
  deliveryLink: (orderId: string, deliveryId: string) =>
    `/api/orders/${orderId}/deliveries/${deliveryId}/link`,
  invoice: (orderId: string) => `/api/orders/${orderId}/invoice`,
  invoiceLinks: (orderId: string) => `/api/orders/${orderId}/invoice/links`,
  access: (orderId: string) => `/api/orders/${orderId}/access`,
  planCancel: (orderId: string) => `/api/orders/${orderId}/plan/cancel`,
};
