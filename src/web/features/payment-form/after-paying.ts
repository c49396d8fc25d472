import type { CreateOrderResponse } from '#shared/schemas/order-view.ts';
import { successPage, thanksPage, whatsappPaymentPage } from '../../paths';

/** Once the order is paid (a card, the PIX screen, the WhatsApp page): /success follows it to its code. */
export const paidPage = (orderId: string) => successPage(orderId);

export type AfterPaying =
  | { kind: 'page'; path: string }
  | { kind: 'whatsapp'; path: string }
  | { kind: 'provider'; url: string }
  | { kind: 'pix' }
  | { kind: 'none' };

/**
 * Where a payment answer (a new order or paying one again) sends the buyer: one decision for the checkout
 * and "Pagar agora". 'pix' stays on the page for the QR code; 'none' is an answer the page cannot follow.
 */
export function afterPaying(answer: Pick<CreateOrderResponse, 'next' | 'order' | 'payment'>): AfterPaying {
  const id = answer.order.id;
  switch (answer.next) {
    case 'success':
      return { kind: 'page', path: paidPage(id) };
    case 'thanks':
      return { kind: 'page', path: thanksPage(id) };
    case 'whatsapp':
      return { kind: 'whatsapp', path: whatsappPaymentPage(id) };
    case 'redirect':
      return answer.payment?.checkoutUrl
        ? { kind: 'provider', url: answer.payment.checkoutUrl }
        : { kind: 'none' };
    case 'pix':
      return { kind: 'pix' };
    case 'retry':
      return { kind: 'none' };
  }
}
