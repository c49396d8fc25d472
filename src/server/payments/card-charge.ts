import { messages } from '../../shared/messages';
import type { NextStep } from '../../shared/schemas/order-view';
import type { OrderRow, PaymentRow } from '../db/schema';
import { AppError } from '../errors';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { recordPaymentState } from './record-payment-state';
import {
  isRefusedRequest,
  type CardDetails,
  type ChargeRequest,
  type PaymentProvider,
} from './payment-provider';
import { paymentsRepo } from './payments.repo';
import { markAnswerLost, settleLostCharge } from './lost-answers';

/**
 * The card typed on our form, charged at the provider (its data lives only in this call's memory:
 * docs/security.md). Three outcomes are told apart: declined (the buyer may try another card), refused for another
 * reason (logged, nothing charged), and unknown (the charge may exist: looked up, never retried blindly).
 */
export async function chargeCard(
  deps: { db: Db; provider: PaymentProvider; clock: () => Date; log: FastifyBaseLogger },
  order: OrderRow,
  attempt: PaymentRow,
  request: ChargeRequest & { card: CardDetails; installments: number },
): Promise<{ payment: PaymentRow; next: NextStep }> {
  const { db, provider, clock } = deps;
  const fail = async (status: 'failed' | 'declined') =>
    paymentsRepo.update(db, attempt.id, { status, updatedAt: clock() });
  let result;
  try {
    result = await provider.createCardCharge(request);
  } catch (error) {
    // Refused for a reason other than the card (a field, the account): nothing was charged.
    if (isRefusedRequest(error)) {
      deps.log.error(
        { err: error, code: error.code, orderId: order.id },
        'card charge refused by the provider',
      );
      await fail('failed');
      throw new AppError('provider_unavailable', 'card_processing_failed', messages.card_processing_failed, {
        orderId: order.id,
      });
    }
    // No blind retry: the charge may exist. Recorded as unknown, looked up at once by the order it was
    // made for, and again by reconciliation; no new attempt meanwhile.
    deps.log.error({ err: error, orderId: order.id }, 'card charge outcome unknown');
    const unknown = await markAnswerLost(db, attempt, clock());
    const state = await settleLostCharge(deps, unknown).catch(() => null);
    if (state === 'paid') return { payment: { ...unknown, status: state }, next: 'success' };
    if (state && state !== 'failed') return { payment: { ...unknown, status: state }, next: 'thanks' };
    if (state === 'failed')
      throw new AppError('provider_unavailable', 'card_processing_failed', messages.card_processing_failed, {
        orderId: order.id,
      });
    throw new AppError('provider_unavailable', 'card_outcome_unknown', messages.card_outcome_unknown, {
      orderId: order.id,
    });
  }
  if (result.outcome === 'declined') {
    await fail('declined');
    throw new AppError('payment_declined', 'card_declined', result.message ?? messages.card_failed, {
      orderId: order.id,
    });
  }
  const payment = await paymentsRepo.update(db, attempt.id, {
    providerPaymentId: result.providerPaymentId,
    providerInstallmentId: result.installmentPlanId,
    updatedAt: clock(),
  });
  await recordPaymentState(db, { paymentId: payment.id }, result.state, clock());
  // Held for the provider's risk analysis: not a success yet ("Pagamento em análise").
  const next = result.state === 'in_analysis' ? 'thanks' : 'success';
  return { payment: { ...payment, status: result.state }, next };
}
