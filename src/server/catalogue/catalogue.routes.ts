import type { FastifyInstance } from 'fastify';
import {
  addOnPercent,
  maxInstalments,
  plans,
  products,
  whatsappSettlementAboveCents,
} from '../../shared/catalogue';

export async function catalogueRoutes(app: FastifyInstance) {
  const body = { products, plans, addOnPercent, maxInstalments, whatsappSettlementAboveCents };
  app.get('/api/catalogue', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(body),
  );
}
