import { messages } from '../../shared/messages';
import type { AdminChargeInput } from '../../shared/schemas/admin';
import { AppError } from '../errors';
import { withChargeLock } from '../payments/charge-lock';
import type { PaymentAttemptDeps, PaymentChoice } from '../payments/payment-attempt';
import { attemptPayment } from './attempt-payment';
import { clearForNewAttempt, retireForNewAttempt } from './pay-order';
import { ordersRepo } from './orders.repo';

/**
 * "Gerar cobrança" for an order settled on WhatsApp: a PIX, or a card on the provider's hosted page in the
 * instalments the operator agreed with the buyer (ADR 031); the buyer pays it on /order/{id}, and its
 * confirmation runs the path of any order. Under the order's charge lock, like any new attempt: a second
 * click while the first is under way is refused, never doubled.
 */
export async function chargeWhatsappOrder(
  deps: PaymentAttemptDeps,
  orderId: string,
  charge: AdminChargeInput,
  remoteIp: string,
) {
  return withChargeLock(deps, orderId, async (order) => {
    if (order.paymentStatus !== 'unpaid' || order.status !== 'aguardando_contato_whatsapp')
      throw new AppError('conflict', 'order_not_payable', messages.order_not_payable);
    // Settled on WhatsApp without a CPF: the provider wants one for the charge, given by the operator.
    const cpf = order.cpf || charge.cpf;
    if (!cpf) throw new AppError('invalid_input', 'charge_cpf_required', messages.charge_cpf_required);
    if (!order.cpf) await ordersRepo.update(deps.db, order.id, { cpf, updatedAt: deps.clock() });
    const choice: PaymentChoice =
      charge.method === 'pix'
        ? { paymentMethod: 'pix', installments: 1 }
        : { paymentMethod: 'credit_card', installments: charge.installments };
    await clearForNewAttempt(deps, order);
    await retireForNewAttempt(deps, order, choice.paymentMethod);
    // Card data never crosses the chat: the provider's page takes it.
    return attemptPayment({ ...deps, cardCheckout: 'hosted' }, { ...order, cpf }, choice, remoteIp);
  });
}
