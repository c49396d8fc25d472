import type { Db } from '../db/client';
import { AppError } from '../errors';
import { recordProviderStatus } from './payment-confirmation';
import { paidProviderStatuses, type PaymentProvider } from './payment-provider';
import { paymentsRepo } from './payments.repo';

/** A charge that may still be paid: a PIX waiting, a hosted page the buyer left open. */
const liveStatuses = new Set(['PENDING', 'OVERDUE']);

/**
 * One live charge per order (issue 12): before a new attempt, the order's open charge is removed at the
 * provider and marked replaced. If the provider will not remove it, it was paid meanwhile: its status is
 * recorded and the new attempt refused.
 */
export async function retireLiveCharge(
  deps: { db: Db; provider: PaymentProvider; clock: () => Date },
  orderId: string,
): Promise<void> {
  const latest = await paymentsRepo.latestForOrder(deps.db, orderId);
  if (!latest || !liveStatuses.has(latest.status)) return;
  try {
    await deps.provider.cancelCharge(latest.providerPaymentId);
  } catch (error) {
    const status = await deps.provider.getStatus(latest.providerPaymentId).catch(() => null);
    if (status && paidProviderStatuses.has(status)) {
      await recordProviderStatus(deps.db, { paymentId: latest.id }, status, deps.clock());
      throw new AppError('conflict', 'order_already_paid');
    }
    throw error;
  }
  await paymentsRepo.updateStatus(deps.db, latest.id, 'REPLACED', deps.clock());
}
