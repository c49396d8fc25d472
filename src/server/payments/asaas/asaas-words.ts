import type { PaymentState, RefundState } from '#shared/payment-states.ts';
import type { ChargeSummary } from '../payment-provider';

// Asaas's words (API v3 'PaymentGetResponsePaymentStatus', refund statuses, billing types) in the shop's.
// The only place that knows them: everything else reads shared/payment-states.ts.

const stateOfStatus: Record<string, PaymentState> = {
  PENDING: 'pending',
  // Past its due date but still payable: the shop's own deadline removes it (docs/payments.md).
  OVERDUE: 'pending',
  // Negativação requested for an overdue boleto: still waiting for the money.
  DUNNING_REQUESTED: 'pending',
  AWAITING_RISK_ANALYSIS: 'in_analysis',
  AUTHORIZED: 'in_analysis',
  CONFIRMED: 'paid',
  RECEIVED: 'paid',
  RECEIVED_IN_CASH: 'paid',
  DUNNING_RECEIVED: 'paid',
  REFUND_REQUESTED: 'refund_requested',
  REFUND_IN_PROGRESS: 'refund_requested',
  REFUNDED: 'refunded',
  CHARGEBACK_REQUESTED: 'chargeback',
  CHARGEBACK_DISPUTE: 'chargeback',
  AWAITING_CHARGEBACK_REVERSAL: 'chargeback',
};

/** A charge's state from its status and its `deleted` flag (removal is a flag at Asaas, not a status). */
export function asaasState(charge: {
  status: string;
  deleted?: boolean | null | undefined;
}): PaymentState | null {
  if (charge.deleted) return 'removed';
  return stateOfStatus[charge.status] ?? null;
}

/** Events whose meaning is in their name, not in the charge's status word. */
export const stateOfEvent: Record<string, PaymentState> = {
  PAYMENT_DELETED: 'removed',
  PAYMENT_REPROVED_BY_RISK_ANALYSIS: 'reproved',
};

const refundStateOfStatus: Record<string, RefundState> = {
  PENDING: 'pending',
  AWAITING_CRITICAL_ACTION_AUTHORIZATION: 'awaiting_authorisation',
  AWAITING_CUSTOMER_EXTERNAL_AUTHORIZATION: 'awaiting_authorisation',
  CANCELLED: 'denied',
  DONE: 'refunded',
};

/** A refund item's state ('a refund is done only when its status is DONE', Asaas 'Estornos'). */
export const asaasRefundState = (status: string): RefundState => refundStateOfStatus[status] ?? 'pending';

/** An invoice paid by debit comes back as DEBIT_CARD; UNDEFINED and CREDIT_CARD are card pages here. */
export const asaasMethod = (billingType: string | null | undefined): ChargeSummary['method'] =>
  billingType === 'PIX' ? 'pix' : billingType === 'DEBIT_CARD' ? 'debit_card' : 'credit_card';
