import type { FastifyInstance } from 'fastify';
import { messages } from '../../shared/messages';
import { findPackage } from '../../shared/pricing';
import { leadRequestSchema } from '../../shared/schemas/lead';
import type { CatalogueStore } from '../catalogue/catalogue-store';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { validate } from '../http/validate';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { leadsRepo } from './leads.repo';

/** Modal submissions per client IP per hour: a visitor looks at a few packages, a script at thousands. */
const leadsPerHour = 30;

/** POST /api/leads: the purchase modal's handle and e-mail (docs/product.md#privacy), before checkout. */
export async function leadsRoutes(
  app: FastifyInstance,
  deps: { db: Db; rateLimiter: RateLimiter; clock: () => Date; catalogue: CatalogueStore },
) {
  app.post('/api/leads', { bodyLimit: 4 * 1024 }, async (request, reply) => {
    await deps.rateLimiter.hit(`leads:${deps.rateLimiter.clientKey(request.ip)}`, leadsPerHour, 3600);
    const lead = validate(leadRequestSchema, request.body);
    if (!findPackage(deps.catalogue.current(), lead.product, lead.amount))
      throw new AppError('invalid_input', 'unknown_package', messages.unknown_package);
    await leadsRepo.save(
      deps.db,
      {
        email: lead.email,
        instagram: lead.instagram,
        product: lead.product,
        amount: lead.amount,
        postLink: lead.postLink || null,
      },
      deps.clock(),
    );
    return reply.status(201).send({ ok: true });
  });
}
