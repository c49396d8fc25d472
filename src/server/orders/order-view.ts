import { formatPurchaseCode, maskEmail, maskPhoneNumber } from '../../shared/orders';
import type { NextStep, OrderView, PaymentView } from '../../shared/schemas/order-view';
import type { OrderRow, PaymentRow } from '../db/schema';

/**
 * What a page reachable by order id alone may show (docs/product.md#orders, #order-page): the id is a
 * capability link, so contact data is masked and the CPF and address never leave the server.
 */
export function toOrderView(order: OrderRow): OrderView {
  return {
    id: order.id,
    purchaseCode: formatPurchaseCode(order.purchaseCode),
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
