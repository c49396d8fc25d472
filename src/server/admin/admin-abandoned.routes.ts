import { formatPurchaseCode } from '../../shared/orders';
import type { AbandonedCheckout } from '../../shared/schemas/admin';
import type { Db } from '../db/client';
import { listAbandonedCheckouts } from './abandoned-checkouts.repo';
import type { AdminRoute } from './admin-route';

/** The newest 100: the list is for calling people back today, not for reports. */
const shown = 100;

export function abandonedCheckoutRoutes(db: Db): AdminRoute[] {
  return [
    {
      method: 'GET',
      url: '/api/admin/abandoned-checkouts',
      handler: async (_request, reply) => {
        const rows = await listAbandonedCheckouts(db, shown);
        const checkouts: AbandonedCheckout[] = rows.map((r) => ({
          kind: r.kind,
          at: new Date(r.at).toISOString(),
          email: r.email,
          instagram: r.instagram,
          whatsapp: r.whatsapp,
          service: r.product,
          quantity: Number(r.amount),
          planId: r.plan_id,
          totalCents: r.total_cents === null ? null : Number(r.total_cents),
          orderId: r.order_id,
          purchaseCode: r.purchase_code ? formatPurchaseCode(r.purchase_code) : null,
        }));
        return reply.header('cache-control', 'no-store').send({ checkouts });
      },
    },
  ];
}
