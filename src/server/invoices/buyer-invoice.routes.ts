import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import type { OrderProof } from '../orders/order-proof';
import { buyerInvoice, requestInvoice } from './buyer-invoice';

// The buyer's NFS-e routes on /order/{id} (ADR 036), both with the order's proof (ADR 026): "Pedir nota
// fiscal" when the shop issues on request, and the issued invoice's links for a tab that has no token.

export async function buyerInvoiceRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: () => Date; proof: OrderProof },
) {
  app.post<{ Params: { id: string } }>('/api/orders/:id/invoice', async (request, reply) => {
    const { order, orderToken } = await deps.proof.require(request, request.params.id);
    return reply.send({ invoice: await requestInvoice(deps.db, order, deps.clock()), orderToken });
  });

  app.post<{ Params: { id: string } }>('/api/orders/:id/invoice/links', async (request, reply) => {
    const { order, orderToken } = await deps.proof.require(request, request.params.id);
    return reply
      .header('cache-control', 'no-store')
      .send({ invoice: await buyerInvoice(deps.db, order, true), orderToken });
  });
}
