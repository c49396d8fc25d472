import { deliveryLinkSchema, wantsProfile } from '../../shared/schemas/deliveries';
import { deliveryLinkChangedEmail } from '../email/delivery-templates';
import { AppError } from '../errors';
import { validate } from '../http/validate';
import { enqueue } from '../jobs/job-queue';
import { ordersRepo } from '../orders/orders.repo';
import { orderHistoryRepo } from '../orders/order-history.repo';
import { deliveriesRepo } from './deliveries.repo';
import { profileUrl } from './delivery-plan';
import type { FulfilmentContext } from './fulfilment-context';
import { refillOffer } from './refill-policy';

// What the buyer can do on /order/{id} (issue 11), once the route has the proof of ADR 026.

/**
 * A corrected link for a delivery the panel refused as a bad link (or that never had one): sent again.
 * The change is written to the order's audit trail and e-mailed to the buyer, old → new (ADR 026).
 */
export async function correctLink(
  ctx: FulfilmentContext,
  orderId: string,
  deliveryId: string,
  body: unknown,
) {
  await ctx.db.transaction(async (tx) => {
    const delivery = await deliveriesRepo.findById(tx, deliveryId, { forUpdate: true });
    if (!delivery || delivery.orderId !== orderId) throw new AppError('not_found', 'delivery_not_found');
    if (delivery.state !== 'invalid_link') throw new AppError('conflict', 'delivery_link_not_needed');
    const kind = {
      product: delivery.product,
      component: delivery.component,
    };
    const { link } = validate(deliveryLinkSchema(kind), body);
    const now = ctx.clock();
    const newLink = wantsProfile(kind) ? profileUrl(link) : link;
    await deliveriesRepo.update(tx, delivery.id, {
      link: newLink,
      state: 'queued',
      linkInvalidSince: null,
      lastError: null,
      updatedAt: now,
    });
    await enqueue(tx, 'submit_delivery', { deliveryId: delivery.id });
    await orderHistoryRepo.record(tx, {
      orderId,
      actor: 'comprador',
      field: `entrega ${delivery.product}: link`,
      oldValue: delivery.link || null,
      newValue: newLink,
      at: now,
    });
    const order = (await ordersRepo.findById(tx, orderId))!;
    const change = {
      product: delivery.product,
      quantity: delivery.quantity,
      oldLink: delivery.link || null,
      newLink,
    };
    await enqueue(tx, 'send_email', { ...deliveryLinkChangedEmail(ctx.alerts.shop, order, change) });
  });
}

/**
 * "Solicitar reposição": the intent is recorded (`requesting`, the time) before the panel is asked, so
 * two clicks or two instances ask once; the 24-hour spacing counts from it.
 */
export async function requestRefill(ctx: FulfilmentContext, orderId: string, actor: string): Promise<void> {
  const panel = ctx.panel;
  if (!panel) throw new AppError('conflict', 'refill_unavailable');
  const targets = await ctx.db.transaction(async (tx) => {
    const deliveries = await deliveriesRepo.lockForOrder(tx, orderId);
    const now = ctx.clock();
    const offer = refillOffer(deliveries, now);
    if (offer.nextAt) throw new AppError('rate_limited', 'refill_too_soon');
    if (!offer.available) throw new AppError('conflict', 'refill_unavailable');
    for (const d of offer.eligible) {
      await deliveriesRepo.update(tx, d.id, {
        refillStatus: 'requesting',
        refillRequestedAt: now,
        updatedAt: now,
      });
      await orderHistoryRepo.record(tx, {
        orderId,
        actor,
        field: `entrega ${d.itemKey}: reposição`,
        oldValue: d.refillStatus,
        newValue: 'requesting',
        at: now,
      });
    }
    return offer.eligible;
  });
  for (const d of targets) {
    const answer = await panel.refill(d.panelOrderId!).catch((err: unknown) => {
      ctx.log.warn({ err, deliveryId: d.id }, 'refill request failed');
      return null;
    });
    const now = ctx.clock();
    if (answer && 'refillId' in answer)
      await deliveriesRepo.update(ctx.db, d.id, {
        refillId: answer.refillId,
        refillStatus: 'pending',
        checkedAt: null,
        updatedAt: now,
      });
    else
      await deliveriesRepo.update(ctx.db, d.id, {
        refillStatus: 'rejected',
        lastError: answer ? `Reposição: ${answer.error}` : 'Reposição: sem resposta do fornecedor',
        updatedAt: now,
      });
  }
}
