import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { planIds, productIds } from '../../shared/catalogue';
import type { Db } from '../db/client';
import { rawTimestamp, rowsOf } from '../db/rows';

const abandonedRow = z.object({
  kind: z.enum(['lead', 'order']),
  at: rawTimestamp,
  email: z.string(),
  instagram: z.string(),
  whatsapp: z.string().nullable(),
  /** A lead's product, or an order's service. */
  product: z.enum([...productIds, 'recurring']),
  amount: z.number(),
  plan_id: z.enum(planIds).nullable(),
  total_cents: z.number().nullable(),
  order_id: z.string().nullable(),
  purchase_code: z.string().nullable(),
});
export type AbandonedRow = z.output<typeof abandonedRow>;

/**
 * Checkouts that did not end in a sale (issue 12), newest first: a lead with no order from its e-mail
 * since, and an unpaid order (open, or cancelled because its PIX expired) with no paid order from its
 * e-mail since. WhatsApp orders are not here: the operator is already talking to those buyers.
 */
export async function listAbandonedCheckouts(db: Db, limit: number): Promise<AbandonedRow[]> {
  return rowsOf(
    abandonedRow,
    await db.execute(sql`
      select * from (
        select 'lead' as kind, l.updated_at as at, l.email, l.instagram, null as whatsapp, l.product,
               l.amount, null as plan_id, null::integer as total_cents, null::uuid as order_id,
               null as purchase_code
        from leads l
        where not exists (select 1 from orders o where o.email = l.email and o.created_at >= l.updated_at)
        union all
        select 'order', o.created_at, o.email, o.instagram, o.whatsapp, o.service, o.quantity, o.plan_id,
               o.total_cents, o.id, o.purchase_code
        from orders o
        where o.payment_status = 'unpaid'
          and (o.status = 'pendente' or (o.status = 'cancelado' and o.cancel_reason = 'expired'))
          and not exists (
            select 1 from orders p
            where p.email = o.email and p.created_at > o.created_at and p.payment_status = 'paid')
      ) abandoned
      order by at desc
      limit ${limit}`),
  );
}
