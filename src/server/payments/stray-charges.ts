import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { settleStrayCharge, unknownChargesOf } from './lost-answers';
import { ChargeNotRemovable, type PaymentProvider } from './payment-provider';
import { paymentsRepo } from './payments.repo';
import { recordPaymentState } from './record-payment-state';

interface StrayDeps {
  db: Db;
  provider: PaymentProvider;
  clock: () => Date;
  log: FastifyBaseLogger;
}

/**
 * The order is paid: any other charge of it still payable is removed at the provider, so the buyer cannot
 * pay twice; one the provider keeps was paid too and is recorded (the owner is told the order was paid
 * twice). Where an answer of the order was lost, the provider's own list is looked through as well.
 */
export async function retireOtherCharges(deps: StrayDeps, orderId: string): Promise<void> {
  const { db, provider, clock } = deps;
  const ours = await paymentsRepo.listForOrder(db, orderId);
  for (const charge of ours) {
    if (charge.status !== 'pending') continue;
    try {
      await provider.cancelCharge(charge.providerPaymentId);
      await recordPaymentState(db, { paymentId: charge.id }, 'replaced', clock());
    } catch (error) {
      if (!(error instanceof ChargeNotRemovable)) throw error;
      const state = await provider.getState(charge.providerPaymentId);
      if (state) await recordPaymentState(db, { paymentId: charge.id }, state, clock());
    }
  }
  if (!ours.some((p) => p.answerLostAt)) return;
  for (const charge of await unknownChargesOf(deps, orderId)) await settleStrayCharge(deps, orderId, charge);
}
