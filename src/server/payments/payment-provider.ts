// The one interface every payment provider adapter implements (docs/payments.md). Amounts cross it in
// centavos and states in the shop's own words (shared/payment-states.ts): only an adapter knows its
// provider's words.
import type { PaymentState, RefundState } from '../../shared/payment-states';
import type { Address } from '../../shared/schemas/checkout';
import type { ChargeMethod, ReadWebhook } from './provider-webhook';

export interface ChargeCustomer {
  name: string;
  email: string;
  cpf: string;
  /** "Nota em nome de empresa": the provider's customer, and so the invoice's taker, is the company. */
  company?: { cnpj: string; name: string };
  phone: string;
  address?: Address;
}

export interface ChargeRequest {
  orderId: string;
  purchaseCode: string;
  amountCents: number;
  description: string;
  customer: ChargeCustomer;
  /** The buyer's IP, from the request (never from the body): Asaas requires it for cards. */
  remoteIp: string;
}

export interface CardDetails {
  number: string;
  expiryMonth: string;
  expiryYear: string;
  cvv: string;
  holderName: string;
}

export interface PixCode {
  payload: string;
  imageBase64: string | null;
  expiresAt: Date;
}

export interface PixCharge extends PixCode {
  providerPaymentId: string;
  state: PaymentState;
}

export type CardChargeResult =
  | {
      outcome: 'approved';
      providerPaymentId: string;
      state: PaymentState;
      /** Paid in instalments: the provider's plan, refunded through the plan. */
      installmentPlanId: string | null;
    }
  | { outcome: 'declined'; message: string | null };

export interface HostedCharge {
  providerPaymentId: string;
  state: PaymentState;
  checkoutUrl: string;
  /** A credit card in instalments: the provider's plan, refunded through the plan. */
  installmentPlanId: string | null;
}

export interface SubscriptionRequest extends ChargeRequest {
  method: 'pix' | 'credit_card';
  card?: CardDetails;
}

/** The first month's charge of a new subscription (null when the provider has not generated it yet). */
export type FirstCharge =
  | {
      outcome: 'created';
      providerPaymentId: string;
      state: PaymentState;
      pix: PixCode | null;
      /** The provider's page where the first month is paid by card (a plan taken without card data). */
      checkoutUrl: string | null;
    }
  | { outcome: 'declined'; message: string | null }
  | null;

export interface SubscriptionResult {
  providerSubscriptionId: string | null;
  firstCharge: FirstCharge;
}

/** A charge as the provider lists it for one of our orders (its reference is the order id). */
export interface ChargeSummary {
  providerPaymentId: string;
  state: PaymentState;
  amountCents: number;
  method: ChargeMethod;
  installmentPlanId: string | null;
  /** The plan it belongs to, for a plan's monthly charge. */
  providerSubscriptionId: string | null;
  /** The São Paulo day it is due ('YYYY-MM-DD'), when the provider says. */
  dueDate: string | null;
}

export interface SubscriptionSummary {
  providerSubscriptionId: string;
  active: boolean;
  charges: ChargeSummary[];
}

export interface RefundableCharge {
  providerPaymentId: string;
  installmentPlanId: string | null;
}

/** A refund as the provider holds it; `reference` is ours (our refund's id), when the provider keeps one. */
export interface ProviderRefund {
  amountCents: number;
  state: RefundState;
  reference: string | null;
  reason: string | null;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'asaas';
  /** A PIX payable at least until `payableUntil` (the shop's own deadline removes it then). */
  createPixCharge(request: ChargeRequest & { payableUntil: Date }): Promise<PixCharge>;
  createCardCharge(
    request: ChargeRequest & { card: CardDetails; installments: number },
  ): Promise<CardChargeResult>;
  /**
   * A charge paid on the provider's own page (debit card; any card with CARD_CHECKOUT=hosted; a WhatsApp
   * order's card link): a credit card in the `installments` the buyer or the operator chose (ADR 031).
   */
  createHostedCharge(
    request: ChargeRequest & { method: 'debit_card' | 'credit_card'; installments: number },
  ): Promise<HostedCharge>;
  /** Where the charge stands now, or null when the provider cannot be asked (sandbox). */
  getState(providerPaymentId: string): Promise<PaymentState | null>;
  /** A monthly subscription charged from today; a declined card creates none. */
  createSubscription(request: SubscriptionRequest): Promise<SubscriptionResult>;
  /** Ends a plan; one already ended counts as ended. */
  cancelSubscription(providerSubscriptionId: string): Promise<void>;
  /** The charges the provider holds for one of our orders: how a lost answer is looked up. */
  findCharges(orderId: string): Promise<ChargeSummary[]>;
  /** The plans the provider holds for one of our orders, with their charges. */
  findSubscriptions(orderId: string): Promise<SubscriptionSummary[]>;
  /** One plan's charges, every month the provider has generated (a month whose webhook was lost). */
  findSubscriptionCharges(providerSubscriptionId: string): Promise<ChargeSummary[]>;
  /**
   * The PIX code of a plan's month the provider generated on its own; `amountCents` is what it is for,
   * for a provider that draws the code itself (the sandbox).
   */
  planMonthPix(providerPaymentId: string, amountCents: number): Promise<PixCode>;
  /**
   * Removes a charge so it can no longer be paid; one already removed counts as removed. Throws
   * ChargeNotRemovable when the provider keeps it because it was paid.
   */
  cancelCharge(providerPaymentId: string): Promise<void>;
  /**
   * Asks for a refund: the whole charge when `amountCents` is omitted; `reference` (our refund's id) lets
   * a lost answer be found again. A card paid in instalments is refunded through its plan.
   */
  refund(
    charge: RefundableCharge,
    request: { amountCents?: number; reference: string },
  ): Promise<RefundState>;
  /** The refunds the provider holds for a charge (its plan's, for one in instalments). */
  findRefunds(charge: RefundableCharge): Promise<ProviderRefund[]>;
  /**
   * A webhook body in the shop's words: its id and name (null when not even those can be read) and what
   * it means (`event` null: an event the store cannot read, kept for the operator).
   */
  readWebhook(payload: Record<string, unknown>): ReadWebhook | null;
}

/** Thrown when the provider could not be reached or answered with an error that is not a decline. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    /** The provider's own error code (Asaas `errors[0].code`), for the log. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** The provider will not remove a charge: it was paid (or is being refunded) meanwhile. */
export class ChargeNotRemovable extends ProviderError {
  constructor(message: string) {
    super(message, 400);
    this.name = 'ChargeNotRemovable';
  }
}

/**
 * A 4xx answer: the provider refused the request and kept nothing, so the outcome is known (not a
 * timeout or a 5xx, after which a charge may exist).
 */
export const isRefusedRequest = (error: unknown): error is ProviderError =>
  error instanceof ProviderError && error.status !== undefined && error.status >= 400 && error.status < 500;
