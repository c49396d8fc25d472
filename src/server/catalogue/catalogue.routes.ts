import type { FastifyInstance } from 'fastify';
import { addOnPercent, maxInstalments, whatsappSettlementAboveCents } from '../../shared/catalogue';
import type { CatalogueStore } from './catalogue-store';

export async function catalogueRoutes(app: FastifyInstance, deps: { catalogue: CatalogueStore }) {
  // A few seconds of caching at most: a price the owner changes reaches every page within 5 s (issue 13).
  app.get('/api/catalogue', async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=5')
      .send({ ...deps.catalogue.current(), addOnPercent, maxInstalments, whatsappSettlementAboveCents }),
  );
}
