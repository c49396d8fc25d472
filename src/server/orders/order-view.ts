import { createHash } from 'node:crypto';
import { formatPurchaseCode, maskEmail, maskPhoneNumber } from '../../shared/orders';
import type { CreateOrderResponse, NextStep, OrderView, PaymentView } from '../../shared/schemas/order-view';
import type { OrderRow, PaymentRow } from '../db/schema';

/** A one-way function of the id: analytics can tell orders apart, and nothing more (ADR 041). */
const transactionId = (orderId: string) =>
  createHash('sha256').update(`impulso-transaction:${orderId}`).digest('base64url').slice(0, 20);

/**
 * The order as whoever proves it sees it (docs/product.md#order-page): contact data masked even so (the
 * tab may be a shared computer's), the CPF and address never leave the server. `forStranger` takes out
 * what proves the order.
 */
export function toOrderView(order: OrderRow): OrderView {
  return {
    id: order.id,
    purchaseCode: formatPurchaseCode(order.purchaseCode),
    transactionId: transactionId(order.id),
    service: order.service,
    planId: order.planId,
    quantity: order.quantity,
    instagram: order.instagram,
    postLink: order.postLink,
    addOns: order.addOns,
    addOnLinks: order.addOnLinks,
    packageCents: order.packageCents,
    addOnsCents: order.addOnsCents,
    couponCode: order.couponCode,
    couponDiscountCents: order.couponDiscountCents,
    pixDiscountCents: order.pixDiscountCents,
    totalCents: order.totalCents,
    firstName: order.name.split(/\s+/)[0] ?? '',
    email: maskEmail(order.email),
    whatsapp: maskPhoneNumber(order.whatsapp),
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    installments: order.installments,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
  };
}

export function toPaymentView(payment: PaymentRow | undefined): PaymentView | null {
  if (!payment) return null;
  return {
    id: payment.id,
    method: payment.method,
    status: payment.status,
    amountCents: payment.amountCents,
    pixPayload: payment.pixPayload,
    pixImageBase64: payment.pixImageBase64,
    checkoutUrl: payment.checkoutUrl,
    expiresAt: payment.expiresAt?.toISOString() ?? null,
  };
}

/**
 * What a stranger holding the order's link sees (ADR 041, docs/security.md#what-the-order-id-shows):
 * status, progress, amounts, masked contact; no purchase code, charge id, PIX code, QR or payment page,
 * and the invoice without its links.
 */
export function forStranger(answer: CreateOrderResponse): CreateOrderResponse {
  const { orderToken: _token, ...rest } = answer;
  return {
    ...rest,
    proved: false,
    order: { ...answer.order, purchaseCode: null },
    payment: answer.payment && {
      ...answer.payment,
      id: null,
      pixPayload: null,
      pixImageBase64: null,
      checkoutUrl: null,
    },
    ...(answer.invoice ? { invoice: { ...answer.invoice, pdfUrl: null, xmlUrl: null } } : {}),
    ...(answer.plan
      ? {
          plan: {
            ...answer.plan,
            openMonth: answer.plan.openMonth && {
              ...answer.plan.openMonth,
              paymentId: null,
              pixPayload: null,
            },
          },
        }
      : {}),
  };
}

/** Where the buyer goes next for this order and its newest payment. */
export function nextFor(order: OrderRow, payment: PaymentRow | undefined): NextStep {
  if (order.paymentStatus === 'paid') return 'success';
  if (payment?.checkoutUrl && payment.status === 'pending') return 'redirect';
  // A PIX waiting: the buyer's own, or the one the operator generated for a WhatsApp order.
  if (payment?.method === 'pix' && payment.pixPayload && payment.status === 'pending') return 'pix';
  if (order.paymentMethod === 'whatsapp') return 'whatsapp';
  return 'retry';
}

/**
 * Whether the buyer may pay (again) from the order page: unpaid, not settled on WhatsApp, and open — or
 * cancelled only because its PIX expired (paying reopens it).
 */
export function isPayable(order: OrderRow): boolean {
  if (order.paymentStatus !== 'unpaid' || order.paymentMethod === 'whatsapp') return false;
  return order.status === 'pendente' || (order.status === 'cancelado' && order.cancelReason === 'expired');
}
