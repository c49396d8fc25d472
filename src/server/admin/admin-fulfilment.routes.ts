import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { linkPanelOrderSchema } from '../../shared/schemas/deliveries';
import { AppError } from '../errors';
import { validate } from '../http/validate';
import { requestRefill } from '../fulfilment/buyer-actions';
import { deliveriesRepo } from '../fulfilment/deliveries.repo';
import { toAdminDelivery } from '../fulfilment/delivery-views';
import type { FulfilmentContext } from '../fulfilment/fulfilment-context';
import { applyOperatorAction, type OperatorAction } from '../fulfilment/operator-actions';
import { panelServicesReport } from '../fulfilment/panel-report';
import type { AdminRoute } from './admin-route';
import { idParam } from '../http/route-params';

const actionSchema = z.discriminatedUnion('action', [
  linkPanelOrderSchema.extend({ action: z.literal('link_panel_order') }),
  z.object({ action: z.literal('resend') }),
  z.object({ action: z.literal('resend_remainder') }),
  z.object({ action: z.literal('mark_delivered') }),
]);

/** The operator's side of delivery (issue 11): what needs attention, each order's deliveries, the panel. */
export function fulfilmentAdminRoutes(
  ctx: FulfilmentContext,
  orderId: (request: FastifyRequest) => string,
): AdminRoute[] {
  const { db } = ctx;
  const deliveryId = (request: FastifyRequest) => {
    return idParam(request, () => new AppError('not_found', 'delivery_not_found'));
  };
  return [
    {
      method: 'GET',
      url: '/api/admin/fulfilment',
      handler: async (_request, reply) => {
        const [count, rows] = await Promise.all([
          deliveriesRepo.countAttention(db),
          deliveriesRepo.listAttention(db),
        ]);
        return reply.header('cache-control', 'no-store').send({
          provider: ctx.panel?.name ?? 'manual',
          count,
          deliveries: rows.map((r) => toAdminDelivery(r.delivery, r)),
        });
      },
    },
    {
      method: 'GET',
      url: '/api/admin/fulfilment/panel',
      handler: async (_request, reply) =>
        reply.header('cache-control', 'no-store').send(await panelServicesReport(ctx)),
    },
    {
      method: 'GET',
      url: '/api/admin/orders/:id/deliveries',
      handler: async (request, reply) => {
        const rows = await deliveriesRepo.listForOrder(db, orderId(request));
        return reply
          .header('cache-control', 'no-store')
          .send({ deliveries: rows.map((d) => toAdminDelivery(d)) });
      },
    },
    {
      method: 'POST',
      url: '/api/admin/deliveries/:id/action',
      handler: async (request, reply, admin) => {
        const action: OperatorAction = validate(actionSchema, request.body);
        await applyOperatorAction(ctx, deliveryId(request), action, admin.email);
        return reply.send({ ok: true });
      },
    },
    {
      method: 'POST',
      url: '/api/admin/orders/:id/refill',
      handler: async (request, reply, admin) => {
        await requestRefill(ctx, orderId(request), admin.email);
        return reply.send({ ok: true });
      },
    },
  ];
}
