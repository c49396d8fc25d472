import type { PlanId } from '../catalogue';
import type { AddOnLine } from '../pricing';
import type { FulfilmentView } from './deliveries';
import type { OrderStatus, PaymentMethod, PaymentStatus } from '../orders';
import type { PaymentState } from '../payment-states';
import type { PlanEndReason, SubscriptionStatus } from '../plan-status';

// The order API's answers: the contract between server and web.

export interface OrderView {
  id: string;
  /**
   * Only with the order's proof (a token, the placing account's session, the typed code; ADR 041): the
   * code proves the order, and the id alone travels in links anyone may hold.
   */
  purchaseCode: string | null;
  /** The order's id for analytics (`transaction_id`): opaque, proves and reads nothing. */
  transactionId: string;
  service: 'followers' | 'likes' | 'views' | 'recurring';
  planId: PlanId | null;
  quantity: number;
  instagram: string;
  postLink: string | null;
  addOns: AddOnLine[];
  addOnLinks: Record<string, string>;
  packageCents: number;
  addOnsCents: number;
  /** Discounts (issue 13): the coupon's code and value, and the PIX discount. */
  couponCode: string | null;
  couponDiscountCents: number;
  pixDiscountCents: number;
  totalCents: number;
  firstName: string;
  /** Masked (docs/product.md#order-page). */
  email: string;
  whatsapp: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: PaymentMethod;
  installments: number;
  createdAt: string;
  paidAt: string | null;
}

/**
 * The order's NFS-e as its buyer sees it (docs/product.md#company-invoices): `issued` once AUTHORIZED
 * (the links only for whoever proves the order, ADR 026), `on_its_way` while owed or at the city hall,
 * `requestable` when the shop issues on the buyer's request and this paid order has none yet.
 */
export interface InvoiceView {
  state: 'issued' | 'on_its_way' | 'requestable';
  number: string | null;
  pdfUrl: string | null;
  xmlUrl: string | null;
}

/**
 * Without the order's proof only the charge's method, state, amount and deadline: its id, PIX code, QR
 * and payment page identify the payer (a PIX with a due date names the payer and their CPF; ADR 041).
 */
export interface PaymentView {
  id: string | null;
  method: PaymentMethod;
  /** Where the charge stands, in the shop's words (payment-states.ts). */
  status: PaymentState;
  amountCents: number;
  pixPayload: string | null;
  pixImageBase64: string | null;
  checkoutUrl: string | null;
  expiresAt: string | null;
}

/**
 * Where the browser goes after POST /api/orders: 'retry' is an unpaid card order (pay again); 'thanks'
 * an order whose payment the provider confirms later (a card subscription's first charge, say).
 */
export type NextStep = 'pix' | 'success' | 'whatsapp' | 'redirect' | 'retry' | 'thanks';

/**
 * A monthly plan as its buyer follows it (issue 43): where it stands, the provider's next charge and, when
 * a PIX month waits for its money, that month (its code only with the order's proof, ADR 041).
 */
export interface PlanView {
  subscriptionId: string;
  planId: PlanId;
  status: SubscriptionStatus;
  /** The next charge: its São Paulo day, amount and method; null once the plan is cancelled. */
  nextCharge: { dueDate: string; amountCents: number; method: 'pix' | 'credit_card' } | null;
  /** A PIX month waiting for its money: its own order, due day and code. */
  openMonth: {
    orderId: string;
    dueDate: string;
    amountCents: number;
    paymentId: string | null;
    pixPayload: string | null;
    /** With the order's proof: a token for the month's own page (it proves the plan's buyer). */
    orderToken?: string;
  } | null;
  /** Cancelled: the months paid run until this São Paulo day; and who cancelled it. */
  runsUntil: string | null;
  cancelReason: PlanEndReason | null;
}

export interface CreateOrderResponse {
  order: OrderView;
  payment: PaymentView | null;
  next: NextStep;
  /** GET /api/orders/{id}: whether the order page offers "Pagar agora". */
  payable?: boolean;
  /** GET /api/orders/{id}: the paid order's deliveries and whether a refill can be asked for. */
  fulfilment?: FulfilmentView;
  /** GET /api/orders/{id}: the order's invoice, if it has or may ask for one. */
  invoice?: InvoiceView | null;
  /** GET /api/orders/{id} of a plan's month: the plan. */
  plan?: PlanView | null;
  /** POST answers: proof for the order's writes, kept by the page for a day (ADR 026). */
  orderToken?: string;
  /** False when the request did not prove the order: the answer is what a stranger with the link sees. */
  proved: boolean;
  /** GET /api/orders/{id}: the request's session proves the order, so its writes ask for no code. */
  bySession?: boolean;
}

export interface PaymentPollResponse {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  /** The order's newest charge, in the shop's words. */
  chargeState: PaymentState | null;
}
