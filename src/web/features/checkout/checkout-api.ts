import type { CheckoutItem } from '#shared/schemas/checkout.ts';
import type { CouponQuote } from '#shared/schemas/coupons.ts';
import type { CreateOrderResponse } from '#shared/schemas/order-view.ts';
import { api } from '../../lib/api';
import type { OrderRequestBody } from './order-request';

// The checkout feature's calls to our server.

export const quoteCoupon = (body: {
  code: string;
  item: CheckoutItem;
  addOns: readonly string[];
  email: string;
}) => api.post<CouponQuote>('/api/coupons/quote', body);

/** One idempotency key per attempt (docs/product.md#orders): a retried send does not make a second order. */
export const createOrder = (body: OrderRequestBody, idempotencyKey: string) =>
  api.post<CreateOrderResponse>('/api/orders', body, { headers: { 'idempotency-key': idempotencyKey } });

/** Paying the stored order again needs the create answer's token (ADR 026). */
export const payOrderAgain = (
  orderId: string,
  payment: Pick<OrderRequestBody, 'paymentMethod' | 'installments' | 'card'>,
  orderToken: string,
) =>
  api.post<CreateOrderResponse>(`/api/orders/${orderId}/payments`, payment, {
    headers: { 'x-order-token': orderToken },
  });
