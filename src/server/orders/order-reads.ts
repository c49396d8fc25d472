import { messages } from '../../shared/messages';
import { isId } from '../../shared/schemas/ids';
import type { CreateOrderResponse, PaymentPollResponse } from '../../shared/schemas/order-view';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { deliveriesRepo } from '../fulfilment/deliveries.repo';
import { toFulfilmentView } from '../fulfilment/delivery-views';
import { paymentsRepo } from '../payments/payments.repo';
import { undecidedStates } from '../../shared/payment-states';
import { forStranger, isPayable, nextFor, toOrderView, toPaymentView } from './order-view';
import { ordersRepo } from './orders.repo';
import { buyerInvoice } from '../invoices/buyer-invoice';
import type { OrderRow } from '../db/schema';
import type { OrderSight } from './order-proof';
import { maskPhone } from '../../shared/validators/documents';
import { planViewOf } from '../subscriptions/plan-view';

/**
 * What the order pages read: the order by id (a capability, docs/product.md#orders) and the PIX screen's
 * poll.
 */
export function orderReads(db: Db, clock: () => Date) {
  return {
    /**
     * `sees`: what the request may read of the order; a stranger gets what holding the link shows
     * (forStranger, ADR 041), the signed-in owner their own contact data whole (issue 45 §6).
     */
    async get(orderId: string, sees: (order: OrderRow) => Promise<OrderSight>): Promise<CreateOrderResponse> {
      const order = isId(orderId) ? await ordersRepo.findById(db, orderId) : undefined;
      if (!order) throw new AppError('not_found', 'order_not_found', messages.order_not_found);
      const [payment, deliveries, seen, plan] = await Promise.all([
        paymentsRepo.latestForOrder(db, order.id),
        deliveriesRepo.listForOrder(db, order.id),
        sees(order),
        order.subscriptionId ? planViewOf(db, order.subscriptionId) : null,
      ]);
      const proved = seen !== 'stranger';
      const view = toOrderView(order);
      const answer: CreateOrderResponse = {
        order: seen === 'owner' ? { ...view, email: order.email, whatsapp: maskPhone(order.whatsapp) } : view,
        payment: toPaymentView(payment),
        next: nextFor(order, payment),
        // Not while an attempt is being made, nor while one's outcome is undecided (issue 12).
        payable: isPayable(order) && !(payment && undecidedStates.has(payment.status)),
        fulfilment: toFulfilmentView(deliveries, clock()),
        invoice: await buyerInvoice(db, order, proved),
        plan,
        proved: true,
        bySession: seen === 'owner' || seen === 'session',
      };
      return proved ? answer : forStranger(answer);
    },

    async poll(orderId: string): Promise<PaymentPollResponse> {
      const state = isId(orderId) ? await ordersRepo.paymentState(db, orderId) : undefined;
      if (!state) throw new AppError('not_found', 'order_not_found', messages.order_not_found);
      const payment = await paymentsRepo.latestForOrder(db, orderId);
      return {
        status: state.status,
        paymentStatus: state.paymentStatus,
        chargeState: payment?.status ?? null,
      };
    },
  };
}
