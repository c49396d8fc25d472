import { messages } from '../../shared/messages';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { ordersRepo } from '../orders/orders.repo';
import { recordProviderStatus } from './payment-confirmation';
import { paidProviderStatuses, type PaymentProvider } from './payment-provider';
import { paymentsRepo } from './payments.repo';

/** Refunds a paid order's payment at the provider (the operator's action) and records the outcome. */
export async function refundOrder(
  deps: { db: Db; provider: PaymentProvider; clock: () => Date },
  orderId: string,
): Promise<void> {
  const order = await ordersRepo.findById(deps.db, orderId);
  if (!order) throw new AppError('not_found', 'order_not_found', messages.order_not_found);
  const payment = await paymentsRepo.latestForOrder(deps.db, order.id);
  if (order.paymentStatus !== 'paid' || !payment || !paidProviderStatuses.has(payment.status)) {
    throw new AppError('conflict', 'not_refundable');
  }
  const { status } = await deps.provider.refund(payment.providerPaymentId);
  await recordProviderStatus(deps.db, { paymentId: payment.id }, status, deps.clock());
}
