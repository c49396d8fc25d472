import { z } from 'zod';
import type { Db } from '../../db/client';
import { recordProviderStatus, type SubscriptionSinks } from '../payment-confirmation';
import { paymentsRepo } from '../payments.repo';
import { confirmPartialRefunds } from '../refund-confirmation';
import { adoptCharge } from '../unknown-outcome';
import { noticePaymentProblem } from '../payment-problems';
import { isId } from '../../../shared/schemas/ids';
import { webhookEventsRepo } from '../webhook-events.repo';

/**
 * What the store reads of an Asaas webhook (reference §1.11). Lenient on purpose: Asaas adds attributes
 * at any time (kept, never required); only the event's id and name are needed to store it.
 */
const webhookBody = z.looseObject({ id: z.string().min(1), event: z.string().min(1) });
const webhookPayment = z.looseObject({
  payment: z
    .looseObject({
      id: z.string().min(1),
      status: z.string().optional(),
      subscription: z.string().nullish(),
      billingType: z.string().optional(),
      externalReference: z.string().nullish(),
      installment: z.string().nullish(),
    })
    .nullish(),
});
const webhookSubscription = z.looseObject({ subscription: z.looseObject({ id: z.string().min(1) }) });
type EventPayment = NonNullable<z.infer<typeof webhookPayment>['payment']>;

/** Events whose meaning is in their name, not in the payment's status word (docs/payments-after-sale.md). */
const statusOfEvent: Record<string, string> = {
  PAYMENT_DELETED: 'DELETED',
  PAYMENT_REPROVED_BY_RISK_ANALYSIS: 'REPROVED_BY_RISK_ANALYSIS',
};
const subscriptionEnds = new Set(['SUBSCRIPTION_DELETED', 'SUBSCRIPTION_INACTIVATED']);

export interface ParsedWebhook {
  id: string;
  type: string;
  payload: Record<string, unknown>;
}

export function parseAsaasWebhook(body: unknown): ParsedWebhook | null {
  const parsed = webhookBody.safeParse(body);
  return parsed.success ? { id: parsed.data.id, type: parsed.data.event, payload: parsed.data } : null;
}

/** Applies a stored event, then marks it processed. Safe to run more than once. */
export async function applyAsaasEvent(
  db: Db,
  event: ParsedWebhook,
  now: Date,
  sinks: SubscriptionSinks,
): Promise<void> {
  // An event whose object is not the expected shape is stored and marked, not applied.
  if (event.type.startsWith('PAYMENT_')) {
    const parsed = webhookPayment.safeParse(event.payload);
    if (parsed.success && parsed.data.payment)
      await applyPaymentEvent(db, event.type, parsed.data.payment, now, sinks);
  }
  if (subscriptionEnds.has(event.type)) {
    const parsed = webhookSubscription.safeParse(event.payload);
    if (parsed.success)
      await sinks.onSubscriptionEnded(db, 'asaas', parsed.data.subscription.id, event.type, now);
  }
  await webhookEventsRepo.markProcessed(db, event.id, now);
}

async function applyPaymentEvent(
  db: Db,
  type: string,
  payment: EventPayment,
  now: Date,
  sinks: SubscriptionSinks,
): Promise<void> {
  const status = statusOfEvent[type] ?? payment.status ?? null;
  if (!status) return;
  let result = await recordProviderStatus(
    db,
    { provider: 'asaas', providerPaymentId: payment.id },
    status,
    now,
  );
  // A charge whose creation answer was lost: matched to our unknown attempt by externalReference.
  if (result === 'unknown_payment' && !payment.subscription && payment.externalReference) {
    const attempt = isId(payment.externalReference)
      ? await paymentsRepo.latestForOrder(db, payment.externalReference)
      : undefined;
    if (attempt?.status === 'UNKNOWN') {
      await adoptCharge({ db, clock: () => now }, attempt, {
        providerPaymentId: payment.id,
        status,
        installmentPlanId: payment.installment ?? null,
      });
      result = 'transitioned';
    }
  }
  // A part refunded: the payment stays received; the order's partial refunds are confirmed.
  if (type === 'PAYMENT_PARTIALLY_REFUNDED') {
    const ours = await paymentsRepo.findByProviderId(db, 'asaas', payment.id);
    if (ours) await confirmPartialRefunds(db, ours.orderId, now);
  }
  // A charge we did not create: a subscription's next month (DECISIONS 18).
  if (result === 'unknown_payment' && payment.subscription) {
    await sinks.onSubscriptionCharge(
      db,
      'asaas',
      {
        providerPaymentId: payment.id,
        providerSubscriptionId: payment.subscription,
        status,
        billingType: payment.billingType ?? 'PIX',
      },
      now,
    );
  }
  await noticePaymentProblem(db, 'asaas', payment.id, type);
}
