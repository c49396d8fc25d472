import { shopClaimsSchema } from '../../shared/schemas/shop-claims';
import type { AdminRoute } from '../admin/admin-route';
import { recordOwnerChange } from '../admin/owner-audit.repo';
import type { Db } from '../db/client';
import { validate } from '../http/validate';
import { shopClaimsRepo } from './shop-claims.repo';
import type { ShopClaimsStore } from './shop-claims-store';

/** "Números da loja" in the panel (ADR 031): read, and save with the owner's audit row. */
export function shopClaimsAdminRoutes(deps: {
  db: Db;
  clock: () => Date;
  claims: ShopClaimsStore;
}): AdminRoute[] {
  return [
    {
      method: 'GET',
      url: '/api/admin/shop-claims',
      handler: async (_request, reply) =>
        reply.header('cache-control', 'no-store').send(await shopClaimsRepo.load(deps.db)),
    },
    {
      method: 'PATCH',
      url: '/api/admin/shop-claims',
      handler: async (request, reply, admin) => {
        const fields = validate(shopClaimsSchema, request.body);
        const at = deps.clock();
        await deps.db.transaction(async (tx) => {
          // Locked: two saves at once each audit the numbers the other left.
          const { version: _, ...before } = await shopClaimsRepo.load(tx, { forUpdate: true });
          await shopClaimsRepo.save(tx, fields, at);
          await recordOwnerChange(tx, {
            entity: 'setting',
            entityId: 'shop_claims',
            actor: admin.email,
            before,
            after: fields,
            at,
          });
        });
        await deps.claims.refresh();
        return reply.send(deps.claims.current());
      },
    },
  ];
}
