// Where a charge stands, in the shop's own words (docs/payments.md). Only the provider adapters know a
// provider's words (Asaas's PENDING, RECEIVED…) and translate them into these; everything else, the
// browser included, reads these.

export const paymentStates = [
  /** Recorded before the provider is called: at most one per order at a time. */
  'creating',
  /** The provider's answer was lost: it is asked what it did before anything else is tried. */
  'unknown',
  /** A plan whose first charge the provider has not generated yet. */
  'awaiting_charge',
  /** Payable: a PIX, a hosted page or a plan's month waiting for the buyer. */
  'pending',
  /** A card held for the provider's risk analysis. */
  'in_analysis',
  /** The money is the shop's (confirmed or received). */
  'paid',
  /** A full refund the provider is carrying out. */
  'refund_requested',
  'refunded',
  /** The buyer disputed the charge with the card issuer. */
  'chargeback',
  /** The card was refused. */
  'declined',
  /** Refused after the provider's risk analysis. */
  'reproved',
  /** Nothing was charged (a provider error, or a charge nobody saw). */
  'failed',
  /** Removed at the provider for a newer attempt. */
  'replaced',
  /** Removed at the provider when the shop's deadline passed. */
  'expired',
  /** Removed at the provider because the order was cancelled. */
  'cancelled',
  /** Removed at the provider by someone else (a plan ended, the owner in the provider's panel). */
  'removed',
] as const;
export type PaymentState = (typeof paymentStates)[number];

/** An attempt whose money may yet be taken: no new attempt meanwhile, or the buyer could pay twice. */
export const undecidedStates: ReadonlySet<PaymentState> = new Set(['creating', 'unknown', 'in_analysis']);

/** Removed at the provider, each for its own reason. */
export const removedStates: ReadonlySet<PaymentState> = new Set([
  'replaced',
  'expired',
  'cancelled',
  'removed',
]);

/** After the money arrived: the charge can only move among these (a refund, a dispute, its outcome). */
export const moneyTakenStates: ReadonlySet<PaymentState> = new Set([
  'paid',
  'refund_requested',
  'refunded',
  'chargeback',
]);

/** The money was taken, or may yet be (in analysis): such a charge is kept, never removed. */
export const keepsMoneyState = (state: PaymentState) =>
  moneyTakenStates.has(state) || state === 'in_analysis';

/**
 * The state a charge takes when the provider reports `reported` (webhooks, polls and answers arrive in
 * any order, any number of times): money received is never undone by a stale report, a refund is
 * final, and a charge we removed keeps the reason we removed it for. A payment that arrives for a removed
 * charge is recorded (the money was taken).
 */
export function nextPaymentState(current: PaymentState, reported: PaymentState): PaymentState {
  if (current === reported || current === 'refunded') return current;
  if (moneyTakenStates.has(current)) return moneyTakenStates.has(reported) ? reported : current;
  if (reported === 'removed' && removedStates.has(current)) return current;
  return reported;
}

/** How the PIX screen names a charge's state (docs/product.md#pix). */
export type PixDisplayTone = 'amber' | 'green' | 'grey';

export function pixStateDisplay(
  state: PaymentState | null,
  method: 'pix' | 'credit_card' | 'debit_card' = 'pix',
): { label: string; tone: PixDisplayTone } {
  if (state === 'pending') return { label: 'Aguardando Pagamento', tone: 'amber' };
  // A PIX is received; a card payment is confirmed (the spec's RECEIVED and CONFIRMED; issue 45 §6).
  if (state === 'paid')
    return { label: method === 'pix' ? 'Pagamento Recebido' : 'Pagamento Confirmado', tone: 'green' };
  return { label: 'Status Desconhecido', tone: 'grey' };
}

/** A refund the operator asked for, in the shop's words (docs/payments.md). */
export const refundStates = [
  /** Recorded, the provider being asked. */
  'sending',
  /** The provider's answer was lost: looked up, never asked again blindly. */
  'unknown',
  /** Taken by the provider, not done yet. */
  'pending',
  /** Waiting for the owner to authorise it in the provider's panel. */
  'awaiting_authorisation',
  'refunded',
  /** The provider refused it after taking it. */
  'denied',
  /** Refused when asked: nothing was refunded. */
  'failed',
] as const;
export type RefundState = (typeof refundStates)[number];

export const refundStateLabels: Record<RefundState, string> = {
  sending: 'Enviando ao intermediador',
  unknown: 'Sem resposta do intermediador: verificando',
  pending: 'Aguardando confirmação do intermediador',
  awaiting_authorisation: 'Aguardando autorização no Asaas',
  refunded: 'Reembolsado',
  denied: 'Reembolso recusado pelo intermediador',
  failed: 'Recusado',
};

/** A refund still under way: its money is committed, it can be confirmed or denied. */
export const openRefundStates: ReadonlySet<RefundState> = new Set([
  'sending',
  'unknown',
  'pending',
  'awaiting_authorisation',
]);
