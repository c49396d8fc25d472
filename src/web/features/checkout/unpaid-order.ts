import { readStorage, writeStorage } from '../../lib/storage';
import { orderToken } from '../orders';
import type { OrderRequestBody } from './order-request';

// The order a checkout made and has not been paid yet (a declined card, a PIX left open), kept for the
// tab: the same checkout sent again from a new page pays it instead of making a second one (issue 45 §6).

const key = 'impulso_checkout_unpaid';

/** The order, the buyer and what was ordered, without how it is paid: the same checkout. */
const sameCheckout = ({ card: _card, paymentMethod: _m, installments: _i, ...rest }: OrderRequestBody) =>
  JSON.stringify(rest);

export function keepUnpaidOrder(body: OrderRequestBody, orderId: string): void {
  writeStorage('session', key, JSON.stringify({ orderId, checkout: sameCheckout(body) }));
}

export function forgetUnpaidOrder(body: OrderRequestBody): void {
  if (unpaidOrderOf(body)) writeStorage('session', key, '');
}

/** The unpaid order this same checkout made earlier in the tab, if its proof is still here. */
export function unpaidOrderOf(body: OrderRequestBody): string | null {
  try {
    const kept = JSON.parse(readStorage('session', key) || 'null') as {
      orderId?: unknown;
      checkout?: unknown;
    } | null;
    if (typeof kept?.orderId !== 'string' || kept.checkout !== sameCheckout(body)) return null;
    return orderToken(kept.orderId) ? kept.orderId : null;
  } catch {
    return null;
  }
}
