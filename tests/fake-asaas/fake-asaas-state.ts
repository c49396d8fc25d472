import { randomUUID } from 'node:crypto';
import type { FakeAccount } from './fake-asaas-account';
import type { FakeInvoice } from './fake-asaas-fiscal-state';

// What the fake Asaas holds, and the webhooks it would send (Asaas API v3, 'Eventos para cobranças' and
// 'Eventos para assinaturas'): tests deliver them to the app with deliverAsaasEvents, in order, as Asaas
// would.

/** Asaas API v3, 'Listar estornos de uma cobrança': the refund item's statuses. */
export type FakeRefundStatus =
  | 'PENDING'
  | 'AWAITING_CRITICAL_ACTION_AUTHORIZATION'
  | 'AWAITING_CUSTOMER_EXTERNAL_AUTHORIZATION'
  | 'CANCELLED'
  | 'DONE';

/** One refund of a payment. Asaas gives refunds no id (Asaas API v3, 'Estornos'). */
export interface FakeRefund {
  dateCreated: string;
  status: FakeRefundStatus;
  value: number;
  description: string | null;
  transactionReceiptUrl: null;
  endToEndIdentifier: null;
  /** Why a refund was denied (denyRefund), when the test says. */
  refusalReason?: string;
}

/** How a refund goes on: at once, after a while (completeRefunds), or after an authorisation. */
export type RefundMode = 'done' | 'pending' | 'awaiting_authorization';

export interface FakeCustomer {
  id: string;
  name: string;
  cpfCnpj: string;
  email?: string;
  mobilePhone?: string;
  phone?: string;
  postalCode?: string;
  address?: string;
  addressNumber?: string;
  province?: string;
  complement?: string;
  company?: string;
  externalReference?: string;
  notificationDisabled?: boolean;
}

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
  /** Removed with DELETE /payments/{id}: a flag, not a status (Asaas API v3, 'Excluir cobrança'). */
  deleted?: boolean;
  refunds?: FakeRefund[];
}

export interface FakeSubscription {
  id: string;
  status: string;
  billingType: string;
  value: number;
  cycle: string;
  nextDueDate: string;
  externalReference: string;
  customer: string;
  deleted?: boolean;
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
  invoice?: FakeInvoice;
}

export interface FakeState {
  /** The account: its balance, webhooks, PIX keys, commercial data. */
  account: FakeAccount;
  customers: Map<string, FakeCustomer>;
  payments: Map<string, FakePayment>;
  subscriptions: Map<string, FakeSubscription>;
  installments: Map<string, FakeInstallment>;
  events: FakeEvent[];
  /** The fake's "now": due dates, OVERDUE, and the dates of events and refunds. */
  clock: () => Date;
  refundMode: RefundMode;
  /** Card charges wait for Asaas's risk analysis (AWAITING_RISK_ANALYSIS) instead of being confirmed. */
  riskAnalysis: boolean;
  /** What DELETE of an already removed charge or subscription answers. */
  deletedChargeAnswer: 404 | 200;
  /** The status a payment had before a whole refund made it REFUND_REQUESTED (denyRefund restores it). */
  statusBeforeRefund: Map<string, string>;
  /**
   * New subscriptions get their charges a moment after the answer, as Asaas sometimes does: none is
   * listed until `generateSubscriptionCharges` (then PAYMENT_CREATED).
   */
  subscriptionChargesLate: boolean;
}

export function newFakeState(account: FakeAccount, clock: () => Date = () => new Date()): FakeState {
  return {
    account,
    customers: new Map(),
    payments: new Map(),
    subscriptions: new Map(),
    installments: new Map(),
    events: [],
    clock,
    refundMode: 'done',
    riskAnalysis: false,
    deletedChargeAnswer: 404,
    statusBeforeRefund: new Map(),
    subscriptionChargesLate: false,
  };
}

export const newPaymentId = () => `pay_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
const newEventId = () => `evt_${randomUUID().replace(/-/g, '')}`;

/** Brazil has had no summer time since 2019: São Paulo is UTC−3 all year. */
const saoPaulo = (date: Date) => new Date(date.getTime() - 3 * 3_600_000).toISOString();
/** yyyy-MM-dd in São Paulo: the calendar Asaas's due dates follow. */
export const saoPauloDate = (date: Date) => saoPaulo(date).slice(0, 10);
/** yyyy-MM-dd HH:mm:ss in São Paulo, as Asaas writes a refund's dateCreated (Asaas API v3, 'Estornos'). */
export const saoPauloDateTime = (date: Date) => saoPaulo(date).slice(0, 19).replace('T', ' ');

/** The payment as it is now, refunds copied too, so later changes do not rewrite past events. */
export const snapshot = (payment: FakePayment): FakePayment => ({
  ...payment,
  ...(payment.refunds ? { refunds: payment.refunds.map((r) => ({ ...r })) } : {}),
});

/** A webhook as Asaas sends it: the event and a copy of the object at that moment. */
export function emit(state: FakeState, event: string, payment: FakePayment) {
  state.events.push({
    id: newEventId(),
    event,
    dateCreated: state.clock().toISOString(),
    payment: snapshot(payment),
  });
}

export function emitSubscription(state: FakeState, event: string, subscription: FakeSubscription) {
  state.events.push({
    id: newEventId(),
    event,
    dateCreated: state.clock().toISOString(),
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

export type Answer = { status: number; data: unknown };
export const ok = (data: unknown): Answer => ({ status: 200, data });
export const bad = (code: string, description: string): Answer => ({
  status: 400,
  data: error(code, description),
});
export const notFound = (description: string): Answer => ({
  status: 404,
  data: error('not_found', description),
});

/** Reais to centavos, so sums of refunds are exact. */
export const cents = (reais: number) => Math.round(reais * 100);
