import { z } from 'zod';
import type { Db } from '../../db/client';
import { recordProviderStatus, type SubscriptionChargeSink } from '../payment-confirmation';
import { paymentsRepo } from '../payments.repo';
import { confirmPartialRefunds } from '../refund-confirmation';
import { adoptCharge } from '../unknown-outcome';
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
    })
    .nullish(),
});

export interface ParsedWebhook {
  id: string;
  type: string;
  payload: Record<string, unknown>;
}

export function parseAsaasWebhook(body: unknown): ParsedWebhook | null {
  const parsed = webhookBody.safeParse(body);
  return parsed.success ? { id: parsed.data.id, type: parsed.data.event, payload: parsed.data } : null;
}

/** Applies a stored event's payment status, then marks it processed. Safe to run more than once. */
export async function applyAsaasEvent(
  db: Db,
  event: ParsedWebhook,
  now: Date,
  onSubscriptionCharge: SubscriptionChargeSink,
): Promise<void> {
  // A payment event whose payment part is not the expected shape is stored and marked, not applied.
  const parsed = webhookPayment.safeParse(event.payload);
  const payment = parsed.success ? parsed.data.payment : null;
  if (event.type.startsWith('PAYMENT_') && payment) {
    const status = event.type === 'PAYMENT_DELETED' ? 'DELETED' : (payment.status ?? null);
    if (status) {
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
          await adoptCharge({ db, clock: () => now }, attempt, payment.id, status);
          result = 'transitioned';
        }
      }
      // A part refunded: the payment stays received; the order's partial refunds are confirmed.
      if (event.type === 'PAYMENT_PARTIALLY_REFUNDED') {
        const ours = await paymentsRepo.findByProviderId(db, 'asaas', payment.id);
        if (ours) await confirmPartialRefunds(db, ours.orderId, now);
      }
      // A charge we did not create: a subscription's next month (DECISIONS 18).
      if (result === 'unknown_payment' && payment.subscription) {
        await onSubscriptionCharge(
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
    }
  }
  await webhookEventsRepo.markProcessed(db, event.id, now);
}
