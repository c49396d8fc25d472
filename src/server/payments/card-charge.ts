import { messages } from '../../shared/messages';
import type { NextStep } from '../../shared/schemas/order-view';
import type { OrderRow, PaymentRow } from '../db/schema';
import { AppError } from '../errors';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { recordProviderStatus } from './payment-confirmation';
import {
  isRefusedRequest,
  paidProviderStatuses,
  type CardDetails,
  type ChargeRequest,
  type PaymentProvider,
} from './payment-provider';
import { paymentsRepo } from './payments.repo';
import { settleUnknownAttempt } from './unknown-outcome';

/**
 * The card typed on our form, charged at the provider (DECISIONS 16: its data lives only in this call's
 * memory). Three outcomes are told apart: declined (the buyer may try another card), refused for another
 * reason (logged, nothing charged), and unknown (the charge may exist: looked up, never retried blindly).
 */
export async function chargeCard(
  deps: { db: Db; provider: PaymentProvider; clock: () => Date; log: FastifyBaseLogger },
  order: OrderRow,
  attempt: PaymentRow,
  request: ChargeRequest & { card: CardDetails; installments: number },
): Promise<{ payment: PaymentRow; next: NextStep }> {
  const { db, provider, clock } = deps;
  const fail = async (status: 'FAILED' | 'DECLINED') =>
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
      await fail('FAILED');
      throw new AppError('provider_unavailable', 'card_processing_failed', messages.card_processing_failed, {
        orderId: order.id,
      });
    }
    // No blind retry: the charge may exist. Recorded as unknown, looked up at once by externalReference,
    // and again by reconciliation; no new attempt meanwhile (issue 12).
    deps.log.error({ err: error, orderId: order.id }, 'card charge outcome unknown');
    const unknown = await paymentsRepo.update(db, attempt.id, { status: 'UNKNOWN', updatedAt: clock() });
    const status = await settleUnknownAttempt(deps, unknown).catch(() => null);
    if (status && paidProviderStatuses.has(status))
      return { payment: { ...unknown, status }, next: 'success' };
    if (status) return { payment: { ...unknown, status }, next: 'thanks' };
    throw new AppError('provider_unavailable', 'card_outcome_unknown', messages.card_outcome_unknown, {
      orderId: order.id,
    });
  }
  if (result.outcome === 'declined') {
    await fail('DECLINED');
    throw new AppError('payment_declined', 'card_declined', result.message ?? messages.card_failed, {
      orderId: order.id,
    });
  }
  const payment = await paymentsRepo.update(db, attempt.id, {
    providerPaymentId: result.providerPaymentId,
    providerInstallmentId: result.installmentPlanId,
    status: 'PENDING',
    updatedAt: clock(),
  });
  await recordProviderStatus(db, { paymentId: payment.id }, result.status, clock());
  // Held for the provider's risk analysis: not a success yet ("Pagamento em análise").
  const next = result.status === 'AWAITING_RISK_ANALYSIS' ? 'thanks' : 'success';
  return { payment: { ...payment, status: result.status }, next };
}
