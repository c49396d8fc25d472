import type { IncomingMessage } from 'node:http';
import { passDueDates } from './fake-asaas-charges';
import type { FakeFaults, LoseMatch, RateLimitMatch, SlowMatch } from './fake-asaas-faults';
import { completeRefunds, denyRefund } from './fake-asaas-refunds';
import { emit, transition, type FakePayment, type FakeState, type RefundMode } from './fake-asaas-state';
import { inactivate, generateSubscriptionCharges, renew } from './fake-asaas-subscriptions';

// What a test does to the fake besides calling its API: what Asaas decides on its own (risk analysis,
// refunds finishing or denied, chargebacks, renewals, due dates passing) and the faults it injects.

export interface FakeControls {
  /** The fake's "now"; a test with its own clock may set it here too. */
  clock: () => Date;
  /** How refunds go on: 'done' at once, or 'pending' / 'awaiting_authorization' until a test decides. */
  refundMode: RefundMode;
  /** Alias for refundMode 'pending' (true) or 'done' (false). */
  refundsPending: boolean;
  /** Card charges answer AWAITING_RISK_ANALYSIS; a test decides with decideRiskAnalysis. */
  riskAnalysis: boolean;
  /** What DELETE of a charge or subscription already removed answers: 404 (default) or 200. */
  deletedChargeAnswer: 404 | 200;
  decideRiskAnalysis(paymentId: string, approved: boolean): void;
  /**
   * The buyer pays a charge's invoice page by credit card: CONFIRMED with PAYMENT_CONFIRMED, and for an
   * instalment plan every instalment at once (the card is charged the whole plan).
   */
  payInvoiceByCard(paymentId: string): void;
  /** The buyer pays a PIX charge: RECEIVED, with PAYMENT_RECEIVED ('Eventos para cobranças'). */
  receivePix(paymentId: string): void;
  /** The buyer disputes a paid charge with the card issuer: CHARGEBACK_REQUESTED, then CHARGEBACK_DISPUTE. */
  chargeback(paymentId: string): void;
  /**
   * The subscription's next month comes due (generated ahead already); `captureRefused`: its card cannot be
   * charged. The month after is generated ahead.
   */
  renewSubscription(subscriptionId: string, options?: { captureRefused?: boolean }): FakePayment;
  /** New subscriptions answered before their charges exist (Asaas sometimes): none listed until generated. */
  subscriptionChargesLate: boolean;
  /** The charges of a subscription made with `subscriptionChargesLate`, now (PAYMENT_CREATED each). */
  generateSubscriptionCharges(subscriptionId: string): void;
  /** Asaas ends a subscription on its own (its charges all failed, say). */
  inactivateSubscription(subscriptionId: string): void;
  /** PENDING PIX/boleto/undefined charges past their due date (by the clock) become OVERDUE. */
  passDueDates(): FakePayment[];
  /** The refunds under way of a payment (or of every payment of an instalment plan) finish. */
  completeRefunds(paymentOrInstallmentId: string): void;
  /** The refunds under way are refused: CANCELLED, status restored, PAYMENT_REFUND_DENIED. */
  denyRefund(paymentOrInstallmentId: string, reason?: string): void;
  /** The next request with `method` to a matching path is processed, and its answer lost. */
  loseNextAnswer(path: RegExp, method?: string): void;
  /** Every matching request is processed and its answer lost (`times` times); null ends it. */
  loseAnswers(match: LoseMatch | null): void;
  /** The next request to a matching path is processed, and answered only after `ms`. */
  delayNextAnswer(path: RegExp, ms: number): void;
  /** Every matching request is processed at once and answered after `delayMs()`; null ends it. */
  slowAnswers(match: SlowMatch | null): void;
  /** Matching requests answered 429 with RateLimit-* headers, not processed; null ends it. */
  rateLimit(match: RateLimitMatch | null): void;
  /** The next request answers with this HTTP status (a 500, say). */
  failNext(status: number): void;
  /**
   * Asaas down until told otherwise: every request answers this status (503, say), or with `'hang'` is
   * never answered (the client's timeout decides); null ends it, dropping the requests left hanging.
   */
  outage(mode: number | 'hang' | null): void;
  /** The next request whose path matches answers with this status and raw body (a malformed answer). */
  answerNext(path: RegExp, status: number, rawBody: string, method?: string): void;
}

const payment = (state: FakeState, id: string) => {
  const found = state.payments.get(id);
  if (!found) throw new Error(`no payment ${id}`);
  return found;
};

/** `base` with the controls added (getters and setters stay live on the state). */
export function controls<T extends object>(
  state: FakeState,
  faults: FakeFaults,
  hanging: Set<IncomingMessage>,
  base: T,
): T & FakeControls {
  return {
    ...base,
    get clock() {
      return state.clock;
    },
    set clock(clock: () => Date) {
      state.clock = clock;
    },
    get refundMode() {
      return state.refundMode;
    },
    set refundMode(mode: RefundMode) {
      state.refundMode = mode;
    },
    get refundsPending() {
      return state.refundMode === 'pending';
    },
    set refundsPending(pending: boolean) {
      state.refundMode = pending ? 'pending' : 'done';
    },
    get riskAnalysis() {
      return state.riskAnalysis;
    },
    set riskAnalysis(value: boolean) {
      state.riskAnalysis = value;
    },
    get deletedChargeAnswer() {
      return state.deletedChargeAnswer;
    },
    set deletedChargeAnswer(status: 404 | 200) {
      state.deletedChargeAnswer = status;
    },
    decideRiskAnalysis(paymentId: string, approved: boolean) {
      const held = payment(state, paymentId);
      if (approved) {
        held.status = 'CONFIRMED';
        emit(state, 'PAYMENT_APPROVED_BY_RISK_ANALYSIS', held);
        emit(state, 'PAYMENT_CONFIRMED', held);
      } else {
        // What status Asaas leaves a reproved charge in is not documented; the event is what counts.
        emit(state, 'PAYMENT_REPROVED_BY_RISK_ANALYSIS', held);
      }
    },
    payInvoiceByCard(paymentId: string) {
      const invoice = payment(state, paymentId);
      const plan = invoice.installment ? state.installments.get(invoice.installment) : undefined;
      for (const id of plan?.paymentIds ?? [paymentId]) {
        const part = payment(state, id);
        part.billingType = 'CREDIT_CARD';
        transition(state, part, 'CONFIRMED', 'PAYMENT_CONFIRMED');
      }
    },
    receivePix(paymentId: string) {
      transition(state, payment(state, paymentId), 'RECEIVED', 'PAYMENT_RECEIVED');
    },
    chargeback(paymentId: string) {
      const paid = payment(state, paymentId);
      transition(state, paid, 'CHARGEBACK_REQUESTED', 'PAYMENT_CHARGEBACK_REQUESTED');
      transition(state, paid, 'CHARGEBACK_DISPUTE', 'PAYMENT_CHARGEBACK_DISPUTE');
    },
    renewSubscription: (subscriptionId: string, options?: { captureRefused?: boolean }) =>
      renew(state, subscriptionId, options),
    get subscriptionChargesLate() {
      return state.subscriptionChargesLate;
    },
    set subscriptionChargesLate(value: boolean) {
      state.subscriptionChargesLate = value;
    },
    generateSubscriptionCharges: (subscriptionId: string) =>
      generateSubscriptionCharges(state, subscriptionId),
    inactivateSubscription: (subscriptionId: string) => inactivate(state, subscriptionId),
    passDueDates: () => passDueDates(state),
    completeRefunds: (id: string) => completeRefunds(state, id),
    denyRefund: (id: string, reason?: string) => denyRefund(state, id, reason),
    loseNextAnswer: (path: RegExp, method?: string) => faults.loseNext(path, method),
    loseAnswers: (match: LoseMatch | null) => faults.loseAnswers(match),
    delayNextAnswer: (path: RegExp, ms: number) => faults.delayNext(path, ms),
    slowAnswers: (match: SlowMatch | null) => faults.slowAnswers(match),
    rateLimit: (match: RateLimitMatch | null) => faults.rateLimit(match),
    answerNext(path: RegExp, status: number, rawBody: string, method?: string) {
      faults.canned = { path, status, rawBody, ...(method ? { method } : {}) };
    },
    failNext(status: number) {
      faults.failure = status;
    },
    outage(mode: number | 'hang' | null) {
      faults.outage = mode;
      if (mode === 'hang') return;
      for (const req of hanging) req.socket.destroy();
      hanging.clear();
    },
  };
}
