// The one interface every payment provider adapter implements (DECISIONS 14). Amounts in centavos.
import type { Address } from '../../shared/schemas/checkout';

export interface ChargeCustomer {
  name: string;
  email: string;
  cpf: string;
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

export interface PixCharge {
  providerPaymentId: string;
  status: string;
  payload: string;
  imageBase64: string | null;
  expiresAt: Date;
}

export type CardChargeResult =
  | {
      outcome: 'approved';
      providerPaymentId: string;
      status: string;
      /** Paid in instalments: the provider's plan, refunded as a whole (issue 12). */
      installmentPlanId: string | null;
    }
  | { outcome: 'declined'; message: string | null };

export interface HostedCharge {
  providerPaymentId: string;
  status: string;
  checkoutUrl: string;
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
      status: string;
      pix: Omit<PixCharge, 'providerPaymentId' | 'status'> | null;
      /** The provider's page where the first month is paid by card (a plan taken without card data). */
      checkoutUrl: string | null;
    }
  | { outcome: 'declined'; message: string | null }
  | null;

export interface SubscriptionResult {
  providerSubscriptionId: string | null;
  firstCharge: FirstCharge;
}

export interface RefundableCharge {
  providerPaymentId: string;
  installmentPlanId: string | null;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'asaas';
  createPixCharge(request: ChargeRequest): Promise<PixCharge>;
  createCardCharge(
    request: ChargeRequest & { card: CardDetails; installments: number },
  ): Promise<CardChargeResult>;
  /** A charge paid on the provider's own page (debit card; any card with CARD_CHECKOUT=hosted). */
  createHostedCharge(
    request: ChargeRequest & { method: 'debit_card' | 'credit_card' },
  ): Promise<HostedCharge>;
  /** The provider's current status word, or null when the provider cannot be asked (sandbox). */
  getStatus(providerPaymentId: string): Promise<string | null>;
  /** A monthly subscription charged from today (DECISIONS 18); a declined card creates none. */
  createSubscription(request: SubscriptionRequest): Promise<SubscriptionResult>;
  cancelSubscription(providerSubscriptionId: string): Promise<void>;
  /**
   * The charges the provider holds for one of our orders (its externalReference): how a card charge whose
   * answer was lost is found (issue 12). The sandbox never loses an answer: none.
   */
  findCharges(orderId: string): Promise<
    Array<{
      providerPaymentId: string;
      status: string;
      billingType: string;
      installmentPlanId: string | null;
    }>
  >;
  /** Removes an unpaid charge so it can no longer be paid (an expired PIX); throws if it cannot be. */
  cancelCharge(providerPaymentId: string): Promise<void>;
  /**
   * Full refund when `amountCents` is omitted; the confirmation arrives as a status (REFUNDED). A card
   * paid in instalments is refunded as a whole plan (a payment refund would return one instalment).
   */
  refund(charge: RefundableCharge, amountCents?: number): Promise<{ status: string }>;
}

/** Provider statuses that mean the money is ours (reference/payments.md §1.8). */
export const paidProviderStatuses = new Set(['CONFIRMED', 'RECEIVED', 'RECEIVED_IN_CASH']);

/**
 * An attempt whose money may yet be taken: being created, outcome lost, or held for the provider's risk
 * analysis. No new attempt is offered meanwhile, or the buyer could pay twice (issue 12).
 */
export const undecidedAttemptStatuses = new Set(['CREATING', 'UNKNOWN', 'AWAITING_RISK_ANALYSIS']);

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

/**
 * A 4xx answer: the provider refused the request and kept nothing, so the outcome is known (not a
 * timeout or a 5xx, after which a charge may exist).
 */
export const isRefusedRequest = (error: unknown): error is ProviderError =>
  error instanceof ProviderError && error.status !== undefined && error.status >= 400 && error.status < 500;
