import { messages } from '../../shared/messages';
import { isId } from '../../shared/schemas/ids';
import { AppError } from '../errors';
import type { PaymentAttemptDeps, PaymentChoice } from '../payments/payment-attempt';
import { retireLiveCharge } from '../payments/live-charge';
import { attemptPayment } from './attempt-payment';
import { ordersRepo } from './orders.repo';

/**
 * "Gerar cobrança" for an order settled on WhatsApp (issue 12): a PIX, or a card on the provider's hosted
 * page; the buyer pays it on /order/{id}, and its confirmation runs the path of any order.
 */
export async function chargeWhatsappOrder(
  deps: PaymentAttemptDeps,
  orderId: string,
  method: 'pix' | 'card',
  remoteIp: string,
) {
  const order = isId(orderId) ? await ordersRepo.findById(deps.db, orderId) : undefined;
  if (!order) throw new AppError('not_found', 'order_not_found', messages.order_not_found);
  if (order.paymentStatus !== 'unpaid' || order.status !== 'aguardando_contato_whatsapp')
    throw new AppError('conflict', 'order_not_payable', messages.order_not_payable);
  await retireLiveCharge(deps, order.id);
  const choice: PaymentChoice = { paymentMethod: method === 'pix' ? 'pix' : 'credit_card', installments: 1 };
  // Card data never crosses the chat: the provider's page takes it.
  return attemptPayment({ ...deps, cardCheckout: 'hosted' }, order, choice, remoteIp);
}
