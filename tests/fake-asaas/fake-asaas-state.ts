import { randomUUID } from 'node:crypto';

// What the fake Asaas holds, and the webhooks it would send (reference/payments.md §1.11): tests deliver
// them to the app with deliverAsaasEvents, in order, as Asaas would.

export interface FakePayment {
  id: string;
  customer: string;
  billingType: string;
  status: string;
  value: number;
  dueDate: string;
  externalReference?: string;
  subscription?: string;
  /** A card paid in instalments: the plan's id and this payment's place in it. */
  installment?: string;
  installmentNumber?: number;
  invoiceUrl: string;
  /** Removed with DELETE /payments/{id}: a flag, not a status (reference/payments.md). */
  deleted?: boolean;
  refunds?: Array<{ value: number; status: 'PENDING' | 'DONE' }>;
}

export interface FakeSubscription {
  id: string;
  status: string;
  billingType: string;
  value: number;
  externalReference: string;
  customer: string;
  /** The card, as Asaas keeps it to charge each month (a test may make it fail). */
  cardNumber?: string;
}

export interface FakeInstallment {
  id: string;
  installmentCount: number;
  value: number;
  paymentIds: string[];
}

export interface FakeEvent {
  id: string;
  event: string;
  dateCreated: string;
  payment?: FakePayment;
  subscription?: { object: 'subscription'; id: string; status: string; externalReference: string };
}

export interface FakeState {
  customers: Map<string, { id: string; cpfCnpj: string; name: string }>;
  payments: Map<string, FakePayment>;
  subscriptions: Map<string, FakeSubscription>;
  installments: Map<string, FakeInstallment>;
  events: FakeEvent[];
  /** Refunds stay REFUND_REQUESTED until a test completes them (Asaas may take days). */
  refundsPending: boolean;
  /** Card charges wait for Asaas's risk analysis (AWAITING_RISK_ANALYSIS) instead of being confirmed. */
  riskAnalysis: boolean;
}

export function newFakeState(): FakeState {
  return {
    customers: new Map(),
    payments: new Map(),
    subscriptions: new Map(),
    installments: new Map(),
    events: [],
    refundsPending: false,
    riskAnalysis: false,
  };
}

export const newPaymentId = () => `pay_${randomUUID().replace(/-/g, '').slice(0, 16)}`;

/** A webhook as Asaas sends it: the event and a copy of the object at that moment. */
export function emit(state: FakeState, event: string, payment: FakePayment) {
  state.events.push({
    id: `evt_${randomUUID().replace(/-/g, '')}`,
    event,
    dateCreated: new Date().toISOString(),
    payment: { ...payment },
  });
}

export function emitSubscription(state: FakeState, event: string, subscription: FakeSubscription) {
  state.events.push({
    id: `evt_${randomUUID().replace(/-/g, '')}`,
    event,
    dateCreated: new Date().toISOString(),
    subscription: {
      object: 'subscription',
      id: subscription.id,
      status: subscription.status,
      externalReference: subscription.externalReference,
    },
  });
}

/** Moves a payment to `status` and sends the event that goes with it. */
export function transition(state: FakeState, payment: FakePayment, status: string, event: string) {
  payment.status = status;
  emit(state, event, payment);
}

export const error = (code: string, description: string) => ({ errors: [{ code, description }] });

export const list = <T>(data: T[]) => ({
  object: 'list',
  hasMore: false,
  totalCount: data.length,
  limit: 10,
  offset: 0,
  data,
});
