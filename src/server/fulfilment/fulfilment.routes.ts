import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isId } from '../../shared/schemas/ids';
import { AppError } from '../errors';
import { correctLink, requestRefill } from './buyer-actions';
import type { FulfilmentContext } from './fulfilment-context';

/**
 * The buyer's delivery actions on /order/{id} (issue 11). The order id alone is not enough: `proveOrder`
 * (orders/order-proof.ts, passed in by app.ts) wants a token or the purchase code (ADR 026).
 */
export async function fulfilmentRoutes(
  app: FastifyInstance,
  deps: {
    ctx: FulfilmentContext;
    proveOrder: (request: FastifyRequest, orderId: string) => Promise<{ orderToken: string }>;
  },
) {
  const ids = (params: { id: string; deliveryId?: string }) => {
    if (!isId(params.id)) throw new AppError('not_found', 'order_not_found');
    if (params.deliveryId !== undefined && !isId(params.deliveryId))
      throw new AppError('not_found', 'delivery_not_found');
    return params;
  };
  app.post<{ Params: { id: string; deliveryId: string } }>(
    '/api/orders/:id/deliveries/:deliveryId/link',
    async (request, reply) => {
      const { id, deliveryId } = ids(request.params);
      const { orderToken } = await deps.proveOrder(request, id);
      await correctLink(deps.ctx, id, deliveryId!, request.body);
      return reply.send({ ok: true, orderToken });
    },
  );
  app.post<{ Params: { id: string } }>('/api/orders/:id/refill', async (request, reply) => {
    const { id } = ids(request.params);
    const { orderToken } = await deps.proveOrder(request, id);
    await requestRefill(deps.ctx, id, 'comprador');
    return reply.send({ ok: true, orderToken });
  });
}
