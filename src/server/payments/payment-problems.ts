import type { Db } from '../db/client';
import { enqueue } from '../jobs/job-queue';
import type { ProviderEvent } from './provider-webhook';
import { paymentsRepo } from './payments.repo';

type Problem = NonNullable<Extract<ProviderEvent, { kind: 'charge' }>['problem']>;

/** Provider events the buyer must hear about, and the e-mail each one sends. */
const emailOfProblem: Record<Problem, 'card_reproved_email' | 'card_capture_refused_email'> = {
  // A card held for risk analysis and then refused: nothing charged, pay another way.
  reproved: 'card_reproved_email',
  // A plan's monthly charge the card refused: update the card.
  capture_refused: 'card_capture_refused_email',
};

/** Queues the buyer's e-mail for such an event (each stored event is applied once, so one e-mail). */
export async function noticePaymentProblem(
  db: Db,
  provider: string,
  providerPaymentId: string,
  problem: Problem,
): Promise<void> {
  const payment = await paymentsRepo.findByProviderId(db, provider, providerPaymentId);
  if (payment) await enqueue(db, emailOfProblem[problem], { orderId: payment.orderId });
}
