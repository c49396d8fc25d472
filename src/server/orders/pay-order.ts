import { messages } from '../../shared/messages';
import { isId } from '../../shared/schemas/ids';
import type { NextStep } from '../../shared/schemas/order-view';
import type { PaymentRow } from '../db/schema';
import { AppError } from '../errors';
import { retireLiveCharge } from '../payments/live-charge';
import type { PaymentChoice } from '../payments/payment-attempt';
import { paymentsRepo } from '../payments/payments.repo';
import { attemptPayment } from './attempt-payment';
import { repriceForMethod } from './order-discounts';
import { checkPaymentChoice } from './order-pricing';
import { isPayable } from './order-view';
import type { OrdersServiceDeps } from './orders-deps';
import { ordersRepo } from './orders.repo';
import { cardCrossesUs, choicePolicy } from './payment-policy';

/**
 * A new payment attempt for a stored, unpaid order (a declined card, an abandoned page, an expired PIX:
 * that order is reopened). The order's live charge is removed at the provider first (issue 12); the PIX
 * discount follows the method now chosen (issue 13).
 */
export async function payOrder(
  deps: OrdersServiceDeps,
  orderId: string,
  choice: PaymentChoice,
  remoteIp: string,
): Promise<{ payment: PaymentRow; next: NextStep }> {
  const { db, clock, limits } = deps;
  const found = isId(orderId) ? await ordersRepo.findById(db, orderId) : undefined;
  if (!found) throw new AppError('not_found', 'order_not_found', messages.order_not_found);
  if (found.paymentStatus === 'paid')
    throw new AppError('conflict', 'order_already_paid', messages.order_already_paid);
  if (!isPayable(found)) throw new AppError('conflict', 'order_not_payable', messages.order_not_payable);
  const latest = (await paymentsRepo.latestForOrder(db, found.id))?.status;
  if (latest === 'UNKNOWN') throw new AppError('conflict', 'payment_outcome_unknown');
  if (latest === 'AWAITING_RISK_ANALYSIS') throw new AppError('conflict', 'payment_in_analysis');
  checkPaymentChoice(choice, {
    ...choicePolicy(deps),
    hasAddress: Boolean(found.address),
    recurring: found.service === 'recurring',
  });
  if (cardCrossesUs(deps, choice)) await limits.cardAttempt(remoteIp, found.id);
  if (found.service !== 'recurring') await retireLiveCharge(deps, found.id);
  let order = await repriceForMethod(deps, found, choice.paymentMethod);
  if (order.status === 'cancelado') {
    await ordersRepo.update(db, order.id, { status: 'pendente', cancelReason: null, updatedAt: clock() });
    order = { ...order, status: 'pendente', cancelReason: null };
  }
  return attemptPayment(deps, order, choice, remoteIp);
}
