import type { FastifyInstance } from 'fastify';
import { isId } from '../../shared/schemas/ids';
import { AppError } from '../errors';
import { correctLink, requestRefill } from './buyer-actions';
import type { FulfilmentContext } from './fulfilment-context';

/** The buyer's delivery actions on /order/{id} (issue 11); the order id is the capability (DECISIONS 7). */
export async function fulfilmentRoutes(app: FastifyInstance, deps: { ctx: FulfilmentContext }) {
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
      await correctLink(deps.ctx, id, deliveryId!, request.body);
      return reply.send({ ok: true });
    },
  );
  app.post<{ Params: { id: string } }>('/api/orders/:id/refill', async (request, reply) => {
    await requestRefill(deps.ctx, ids(request.params).id);
    return reply.send({ ok: true });
  });
}
