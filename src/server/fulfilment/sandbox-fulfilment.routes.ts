import type { FastifyInstance, FastifyRequest } from 'fastify';
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
  deps: {
    ctx: FulfilmentContext;
    seconds: number;
    proveOrder: (request: FastifyRequest, orderId: string) => Promise<unknown>;
  },
) {
  const { db, clock } = deps.ctx;
  app.post<{ Params: { id: string } }>('/api/sandbox/orders/:id/deliver', async (request, reply) => {
    const { id } = request.params;
    // Finishing someone's deliveries is a write on their order (issue 42 §3).
    await deps.proveOrder(request, id);
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
