import type { FastifyInstance } from 'fastify';
import { isId } from '../../shared/schemas/ids';
import { AppError } from '../errors';
import { ordersRepo } from '../orders/orders.repo';
import { deliveriesRepo, isRunningAtPanel } from './deliveries.repo';
import type { FulfilmentContext } from './fulfilment-context';
import { sandboxIdDeliveredBy } from './sandbox-panel';

/**
 * Registered only while the simulated panel delivers (FULFILMENT_PROVIDER=sandbox, docs/fulfilment.md): its
 * deliveries take SANDBOX_FULFILMENT_SECONDS, and this finishes an order's now, as the PIX deadline route
 * does for an expiry. The next status sync (about a second away) reads them completed; the order follows.
 */
export async function sandboxFulfilmentRoutes(
  app: FastifyInstance,
  deps: { ctx: FulfilmentContext; seconds: number },
) {
  const { db, clock } = deps.ctx;
  app.post<{ Params: { id: string } }>('/api/sandbox/orders/:id/deliver', async (request, reply) => {
    const { id } = request.params;
    if (!isId(id) || !(await ordersRepo.findById(db, id))) throw new AppError('not_found', 'order_not_found');
    const now = clock();
    let delivered = 0;
    for (const delivery of await deliveriesRepo.listForOrder(db, id)) {
      const panelOrderId =
        isRunningAtPanel(delivery.state) &&
        delivery.panelOrderId &&
        sandboxIdDeliveredBy(delivery.panelOrderId, now, deps.seconds);
      if (!panelOrderId) continue;
      // Asked about again at the next sync, not an interval after the last time.
      await deliveriesRepo.update(db, delivery.id, { panelOrderId, checkedAt: null, updatedAt: now });
      delivered++;
    }
    return reply.send({ delivered });
  });
}
