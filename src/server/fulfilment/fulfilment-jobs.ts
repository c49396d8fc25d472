import {
  deliveryCompletedEmail,
  deliveryLinkInvalidEmail,
  deliveryStartedEmail,
} from '../email/delivery-templates';
import type { Mailer } from '../email/mailer';
import type { JobHandlers } from '../jobs/job-payloads';
import { ordersRepo } from '../orders/orders.repo';
import { deliveriesRepo } from './deliveries.repo';
import type { FulfilmentContext } from './fulfilment-context';
import { stopComponent } from './stop-component';
import { submitDelivery } from './submit-delivery';
import { planMonthLines } from '../../shared/plan-month';
import type { OrderRow } from '../db/schema';
import { toDeliveryView } from './delivery-views';

/** The delivery's background work: submissions and the buyer's e-mails, rendered at send time. */
export function fulfilmentJobHandlers(
  ctx: FulfilmentContext,
  mailer: Mailer,
  shop: { name: string; publicUrl: string },
): JobHandlers {
  const orderOf = async (payload: { orderId: string }) => ordersRepo.findById(ctx.db, payload.orderId);
  // A plan's monthly e-mails say what the month delivered, component by component (issue 26).
  const monthOf = async (order: OrderRow) =>
    order.service === 'recurring'
      ? planMonthLines((await deliveriesRepo.listForOrder(ctx.db, order.id)).map(toDeliveryView), ctx.clock())
      : [];
  return {
    submit_delivery: (payload) => submitDelivery(ctx, payload.deliveryId),
    stop_plan_component: (payload) => stopComponent(ctx, payload.deliveryId),
    async delivery_started_email(payload) {
      const order = await orderOf(payload);
      if (order) await mailer.send(deliveryStartedEmail(shop, order, await monthOf(order)));
    },
    async delivery_completed_email(payload) {
      const order = await orderOf(payload);
      if (order) await mailer.send(deliveryCompletedEmail(shop, order, await monthOf(order)));
    },
    async delivery_link_email(payload) {
      const delivery = await deliveriesRepo.findById(ctx.db, payload.deliveryId);
      // Corrected before the e-mail left: nothing to ask for.
      if (delivery?.state !== 'invalid_link') return;
      const order = await ordersRepo.findById(ctx.db, delivery.orderId);
      if (order) await mailer.send(deliveryLinkInvalidEmail(shop, order, delivery));
    },
  };
}
