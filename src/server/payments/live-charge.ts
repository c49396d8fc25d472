import type { Db } from '../db/client';
import { AppError } from '../errors';
import { recordPaymentState } from './record-payment-state';
import { ChargeNotRemovable, type PaymentProvider } from './payment-provider';
import { paymentsRepo } from './payments.repo';

/**
 * One live charge per order: before a new attempt, the order's payable charge is removed at the provider
 * and marked replaced. If the provider will not remove it, it was paid meanwhile: its state is recorded
 * and the new attempt refused.
 */
export async function retireLiveCharge(
  deps: { db: Db; provider: PaymentProvider; clock: () => Date },
  orderId: string,
): Promise<void> {
  const latest = await paymentsRepo.latestForOrder(deps.db, orderId);
  if (latest?.status !== 'pending') return;
  try {
    await deps.provider.cancelCharge(latest.providerPaymentId);
  } catch (error) {
    if (!(error instanceof ChargeNotRemovable)) throw error;
    const state = await deps.provider.getState(latest.providerPaymentId).catch(() => null);
    if (state) await recordPaymentState(deps.db, { paymentId: latest.id }, state, deps.clock());
    if (state === 'paid') throw new AppError('conflict', 'order_already_paid');
    throw error;
  }
  await paymentsRepo.updateStatus(deps.db, latest.id, 'replaced', deps.clock());
}
