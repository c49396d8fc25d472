import type { Db } from '../db/client';
import { enqueue } from '../jobs/job-queue';
import { paymentsRepo } from './payments.repo';

/** Provider events the buyer must hear about, and the e-mail each one sends (issue 12). */
const emailOfEvent: Record<string, string> = {
  // A card held for risk analysis and then refused: nothing charged, pay another way.
  PAYMENT_REPROVED_BY_RISK_ANALYSIS: 'card_reproved_email',
  // A plan's monthly charge the card refused: update the card.
  PAYMENT_CREDIT_CARD_CAPTURE_REFUSED: 'card_capture_refused_email',
};

/** Queues the buyer's e-mail for such an event (each stored event is applied once, so one e-mail). */
export async function noticePaymentProblem(
  db: Db,
  provider: string,
  providerPaymentId: string,
  event: string,
): Promise<void> {
  const kind = emailOfEvent[event];
  if (!kind) return;
  const payment = await paymentsRepo.findByProviderId(db, provider, providerPaymentId);
  if (payment) await enqueue(db, kind, { orderId: payment.orderId });
}
