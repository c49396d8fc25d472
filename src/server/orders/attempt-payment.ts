import type { NextStep } from '../../shared/schemas/order-view';
import type { OrderRow, PaymentRow } from '../db/schema';
import {
  chargeRequest,
  recordAttempt,
  type PaymentAttemptDeps,
  type PaymentChoice,
} from '../payments/payment-attempt';
import { chargeOneTime } from '../payments/one-time-charge';
import { subscribe } from '../subscriptions/subscribe';
import { toCardDetails } from '../payments/card-details';

/**
 * Pays a stored order: the attempt is recorded first, then a monthly plan becomes a provider
 * subscription (docs/product.md#plans) and a one-time order a charge. Orders sit above subscriptions and
 * payments, so this is where the two meet (ADR 015).
 */
export async function attemptPayment(
  deps: PaymentAttemptDeps,
  order: OrderRow,
  choice: PaymentChoice,
  remoteIp: string,
  /** Recorded with the order itself, for a new order. */
  recorded?: PaymentRow,
): Promise<{ payment: PaymentRow; next: NextStep }> {
  const attempt = await recordAttempt(deps, order, choice, recorded);
  if (order.service !== 'recurring') return chargeOneTime(deps, order, choice, attempt, remoteIp);
  return subscribe(deps, order, attempt, {
    ...chargeRequest(order, remoteIp, deps.shopName),
    method: choice.paymentMethod === 'pix' ? 'pix' : 'credit_card',
    ...(choice.card ? { card: toCardDetails(choice.card) } : {}),
  });
}
