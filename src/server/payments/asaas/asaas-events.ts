import { z } from 'zod';
import type { ProviderEvent, ReadWebhook } from '../provider-webhook';
import { readInvoiceEvent } from '../../invoices/invoice-events';
import { asaasMethod, asaasState, stateOfEvent } from './asaas-words';

// What the store reads of an Asaas webhook. Lenient on purpose: Asaas adds attributes at any time (kept,
// never required); only the event's id and name are needed to store it.

export const webhookEnvelope = z.looseObject({ id: z.string().min(1), event: z.string().min(1) });
const chargeEvent = z.looseObject({
  event: z.string(),
  payment: z.looseObject({
    id: z.string().min(1),
    status: z.string().optional(),
    value: z.number().optional(),
    deleted: z.boolean().nullish(),
    subscription: z.string().nullish(),
    dueDate: z.string().nullish(),
    billingType: z.string().nullish(),
    externalReference: z.string().nullish(),
    installment: z.string().nullish(),
  }),
});
const subscriptionEvent = z.looseObject({ subscription: z.looseObject({ id: z.string().min(1) }) });

const subscriptionEnds = new Set(['SUBSCRIPTION_DELETED', 'SUBSCRIPTION_INACTIVATED']);
const problems: Record<string, 'reproved' | 'capture_refused'> = {
  PAYMENT_REPROVED_BY_RISK_ANALYSIS: 'reproved',
  PAYMENT_CREDIT_CARD_CAPTURE_REFUSED: 'capture_refused',
};

/**
 * The events the shop's Asaas webhook must send (docs/operations.md): those whose name carries a meaning
 * here, and those that move a charge or a refund to another state.
 */
export const shopWebhookEvents: readonly string[] = [
  ...new Set([
    // A plan's month generated ahead of its due day: its order and its PIX for the buyer (issue 43).
    'PAYMENT_CREATED',
    'PAYMENT_CONFIRMED',
    'PAYMENT_RECEIVED',
    'PAYMENT_RESTORED',
    'PAYMENT_REFUNDED',
    'PAYMENT_REFUND_IN_PROGRESS',
    'PAYMENT_PARTIALLY_REFUNDED',
    'PAYMENT_REFUND_DENIED',
    'PAYMENT_CHARGEBACK_REQUESTED',
    'PAYMENT_CHARGEBACK_DISPUTE',
    'PAYMENT_AWAITING_CHARGEBACK_REVERSAL',
    'PAYMENT_AWAITING_RISK_ANALYSIS',
    'PAYMENT_APPROVED_BY_RISK_ANALYSIS',
    ...Object.keys(stateOfEvent),
    ...Object.keys(problems),
    ...subscriptionEnds,
  ]),
];

/** A denied refund's reason, when Asaas sent one (not documented: read if present, never required). */
const denial = z.object({ additionalInfo: z.object({ denialReason: z.string() }) });
const reasonOf = (payload: Record<string, unknown>): string | null => {
  const read = denial.safeParse(payload);
  return read.success ? read.data.additionalInfo.denialReason.slice(0, 300) : null;
};

/** An Asaas webhook in the shop's words; null when it has no event id and name. */
export function readAsaasWebhook(payload: Record<string, unknown>): ReadWebhook | null {
  const envelope = webhookEnvelope.safeParse(payload);
  if (!envelope.success) return null;
  const { id, event: type } = envelope.data;
  return { id, type, event: readEvent(type, payload) };
}

/** null: an event the store should understand but whose object it cannot read. */
function readEvent(type: string, payload: Record<string, unknown>): ProviderEvent | null {
  if (subscriptionEnds.has(type)) {
    const parsed = subscriptionEvent.safeParse(payload);
    return parsed.success
      ? { kind: 'subscription_ended', providerSubscriptionId: parsed.data.subscription.id, reason: type }
      : null;
  }
  if (type.startsWith('INVOICE_')) return readInvoiceEvent(payload);
  if (!type.startsWith('PAYMENT_')) return { kind: 'other' };
  const parsed = chargeEvent.safeParse(payload);
  if (!parsed.success) return null;
  const { payment } = parsed.data;
  // A restored charge is payable again whatever its old flag said; otherwise the name, then the status.
  const state =
    type === 'PAYMENT_RESTORED'
      ? asaasState({ status: payment.status ?? '' })
      : (stateOfEvent[type] ?? asaasState({ status: payment.status ?? '', deleted: payment.deleted }));
  return {
    kind: 'charge',
    providerPaymentId: payment.id,
    state,
    orderRef: payment.externalReference ?? null,
    amountCents: payment.value === undefined ? null : Math.round(payment.value * 100),
    providerSubscriptionId: payment.subscription ?? null,
    method: asaasMethod(payment.billingType),
    installmentPlanId: payment.installment ?? null,
    dueDate: payment.dueDate && /^\d{4}-\d{2}-\d{2}$/.test(payment.dueDate) ? payment.dueDate : null,
    problem: problems[type] ?? null,
    refund:
      type === 'PAYMENT_PARTIALLY_REFUNDED'
        ? { outcome: 'partly_refunded' }
        : type === 'PAYMENT_REFUND_DENIED'
          ? { outcome: 'denied', reason: reasonOf(payload) }
          : null,
  };
}
