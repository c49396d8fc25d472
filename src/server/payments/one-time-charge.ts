import { messages } from '../../shared/messages';
import type { NextStep } from '../../shared/schemas/order-view';
import type { OrderRow, PaymentRow } from '../db/schema';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AppError } from '../errors';
import { hotStatements } from '../orders/hot-statements.repo';
import { chargeCard } from './card-charge';
import { toCardDetails } from './card-details';
import { markAnswerLost, settleLostCharge } from './lost-answers';
import { chargeRequest, type PaymentAttemptDeps, type PaymentChoice } from './payment-attempt';
import { isRefusedRequest } from './payment-provider';
import { paymentsRepo } from './payments.repo';
import { pixDeadlineOf, pixExpiresAt } from './pix-expiry';

/**
 * A provider call for a PIX or a hosted page failed. Refused (a 4xx): nothing was made. Otherwise the
 * answer may have been lost after the provider made the charge: it is looked up and removed (nobody was
 * shown it), so a second try never leaves two payable charges; if the lookup fails too, the attempt
 * stays unknown and the next try looks again first.
 */
async function settleFailedCreate(deps: PaymentAttemptDeps, attempt: PaymentRow, error: unknown) {
  const { db, clock } = deps;
  if (isRefusedRequest(error)) return paymentsRepo.failOpenAttempt(db, attempt.id, clock());
  const lost = await markAnswerLost(db, attempt, clock());
  const state = await settleLostCharge(deps, lost).catch(() => undefined);
  if (state === null) await paymentsRepo.failOpenAttempt(db, attempt.id, clock());
}

/**
 * The provider call of a one-time order's recorded attempt: a PIX charge, the provider's hosted page, or
 * the card typed on our form. Card data lives only in this call's memory (docs/security.md).
 */
export async function chargeOneTime(
  deps: PaymentAttemptDeps,
  order: OrderRow,
  choice: PaymentChoice,
  attempt: PaymentRow,
  remoteIp: string,
): Promise<{ payment: PaymentRow; next: NextStep }> {
  const { db, provider, clock } = deps;
  const request = chargeRequest(order, remoteIp, deps.shopName);

  if (choice.paymentMethod === 'pix') {
    let pix;
    try {
      const deadline = pixDeadlineOf(clock(), deps.pixExpiryMinutes);
      pix = await provider.createPixCharge({ ...request, payableUntil: deadline });
      pix = { ...pix, expiresAt: pixExpiresAt(pix.expiresAt, deadline) };
    } catch (error) {
      deps.log.error({ err: error, orderId: order.id }, 'PIX charge failed');
      await settleFailedCreate(deps, attempt, error);
      throw new AppError('provider_unavailable', 'pix_failed', messages.pix_failed, { orderId: order.id });
    }
    try {
      const payment = await hotStatements(db).storePix(attempt, {
        providerPaymentId: pix.providerPaymentId,
        status: pix.state,
        pixPayload: pix.payload,
        pixImageBase64: pix.imageBase64,
        expiresAt: pix.expiresAt,
        updatedAt: clock(),
      });
      return { payment, next: 'pix' };
    } catch (error) {
      // The answer could not be stored: the charge exists, nobody will see it. The attempt's answer is
      // lost (looked up and removed by reconciliation), and the buyer reads the 503 of a database that
      // went away.
      if (isDatabaseUnavailable(error)) await markAnswerLost(db, attempt, clock()).catch(() => undefined);
      throw error;
    }
  }

  // Debit cards always, credit cards with CARD_CHECKOUT=hosted: the buyer pays on the provider's page.
  if (choice.paymentMethod === 'debit_card' || deps.cardCheckout === 'hosted') {
    try {
      const hosted = await provider.createHostedCharge({
        ...request,
        method: choice.paymentMethod,
        installments: choice.paymentMethod === 'credit_card' ? choice.installments : 1,
      });
      const payment = await paymentsRepo.update(db, attempt.id, {
        providerPaymentId: hosted.providerPaymentId,
        providerInstallmentId: hosted.installmentPlanId,
        status: hosted.state,
        checkoutUrl: hosted.checkoutUrl,
        updatedAt: clock(),
      });
      return { payment, next: 'redirect' };
    } catch (error) {
      deps.log.error({ err: error, orderId: order.id }, 'hosted charge failed');
      await settleFailedCreate(deps, attempt, error);
      throw new AppError('provider_unavailable', 'card_processing_failed', messages.card_processing_failed, {
        orderId: order.id,
      });
    }
  }

  return chargeCard(deps, order, attempt, {
    ...request,
    installments: choice.installments,
    card: toCardDetails(choice.card!),
  });
}
