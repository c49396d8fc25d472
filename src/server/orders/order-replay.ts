import { messages } from '../../shared/messages';
import type { NextStep } from '../../shared/schemas/order-view';
import type { Executor } from '../db/client';
import type { OrderRow, PaymentRow } from '../db/schema';
import { AppError } from '../errors';
import { withChargeLock } from '../payments/charge-lock';
import type { PaymentChoice } from '../payments/payment-attempt';
import { paymentsRepo } from '../payments/payments.repo';
import { attemptPayment } from './attempt-payment';
import { nextFor, toOrderView, toPaymentView } from './order-view';
import type { OrdersServiceDeps } from './orders-deps';
import { ordersRepo } from './orders.repo';
import { clearForNewAttempt } from './pay-order';

/**
 * A request whose Idempotency-Key made an order already: the same body gets that order (and, for a PIX
 * whose first charge failed or was lost, its QR code now); another body is refused.
 */
export async function replayOrder(
  deps: OrdersServiceDeps,
  existing: OrderRow,
  hash: string,
  choice: PaymentChoice,
  remoteIp: string,
) {
  const { db } = deps;
  if (existing.requestHash !== hash) {
    throw new AppError('unprocessable', 'idempotency_conflict', messages.idempotency_conflict);
  }
  let payment = await paymentsRepo.latestForOrder(db, existing.id);
  // The first request may still be talking to the provider: wait for its answer (a few seconds at most).
  for (let waited = 0; payment?.status === 'creating' && waited < 10_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    payment = await paymentsRepo.latestForOrder(db, existing.id);
  }
  // A retried PIX request whose first charge failed (or whose answer was lost) gets its QR code now,
  // under the order's charge lock and after the lost answer was looked up: the first charge is never
  // left payable beside the new one. A card is never charged again by a replay (the buyer pays again
  // explicitly).
  const retried =
    existing.paymentStatus === 'unpaid' &&
    existing.paymentMethod === 'pix' &&
    (payment?.status === 'failed' || payment?.status === 'unknown');
  const attempt =
    retried &&
    (await withChargeLock(deps, existing.id, async (order) => {
      const latest = order.paymentStatus === 'unpaid' ? await clearForNewAttempt(deps, order) : undefined;
      return latest?.status === 'failed' ? attemptPayment(deps, order, choice, remoteIp) : null;
    }));
  if (attempt) return orderResponse(db, existing.id, attempt.payment, attempt.next);
  const fresh = (await ordersRepo.findById(db, existing.id))!;
  return {
    order: toOrderView(fresh),
    payment: toPaymentView(payment),
    next: nextFor(fresh, payment),
    proved: true,
  };
}

/** The order as it stands now, with the payment and next step just decided. */
export async function orderResponse(
  db: Executor,
  orderId: string,
  payment: PaymentRow | undefined,
  next: NextStep,
) {
  const order = (await ordersRepo.findById(db, orderId))!;
  return { order: toOrderView(order), payment: toPaymentView(payment), next, proved: true };
}
