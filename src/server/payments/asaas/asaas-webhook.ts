import type { Db } from '../../db/client';
import { recordProviderStatus, type SubscriptionChargeSink } from '../payment-confirmation';
import { webhookEventsRepo } from '../webhook-events.repo';

interface AsaasWebhookBody {
  id?: unknown;
  event?: unknown;
  payment?: { id?: unknown; status?: unknown; subscription?: unknown; billingType?: unknown } | null;
}

export interface ParsedWebhook {
  id: string;
  type: string;
  payload: Record<string, unknown>;
}

/** Lenient: Asaas adds attributes at any time; only id and event are required (reference §1.11). */
export function parseAsaasWebhook(body: unknown): ParsedWebhook | null {
  const b = body as AsaasWebhookBody | null;
  if (!b || typeof b !== 'object' || typeof b.id !== 'string' || typeof b.event !== 'string') return null;
  return { id: b.id, type: b.event, payload: b as Record<string, unknown> };
}

/** Applies a stored event's payment status, then marks it processed. Safe to run more than once. */
export async function applyAsaasEvent(
  db: Db,
  event: ParsedWebhook,
  now: Date,
  onSubscriptionCharge: SubscriptionChargeSink,
): Promise<void> {
  const payment = (event.payload as AsaasWebhookBody).payment;
  if (event.type.startsWith('PAYMENT_') && payment && typeof payment.id === 'string') {
    const status =
      event.type === 'PAYMENT_DELETED'
        ? 'DELETED'
        : typeof payment.status === 'string'
          ? payment.status
          : null;
    if (status) {
      const result = await recordProviderStatus(
        db,
        { provider: 'asaas', providerPaymentId: payment.id },
        status,
        now,
      );
      // A charge we did not create: a subscription's next month (DECISIONS 18).
      if (result === 'unknown_payment' && typeof payment.subscription === 'string') {
        await onSubscriptionCharge(
          db,
          'asaas',
          {
            providerPaymentId: payment.id,
            providerSubscriptionId: payment.subscription,
            status,
            billingType: typeof payment.billingType === 'string' ? payment.billingType : 'PIX',
          },
          now,
        );
      }
    }
  }
  await webhookEventsRepo.markProcessed(db, event.id, now);
}
