import { lt, sql } from 'drizzle-orm';
import type { ProductId } from '../../shared/catalogue';
import type { Executor } from '../db/client';
import { leads } from '../db/schema';

export const leadsRepo = {
  /** One lead per e-mail: a new visit refreshes it (and its 90 days). */
  async save(
    db: Executor,
    lead: { email: string; instagram: string; product: ProductId; amount: number; postLink: string | null },
    now: Date,
  ): Promise<void> {
    await db
      .insert(leads)
      .values({ ...lead, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: leads.email,
        set: {
          instagram: sql`excluded.instagram`,
          product: sql`excluded.product`,
          amount: sql`excluded.amount`,
          postLink: sql`excluded.post_link`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  },
  /** Leads are kept 90 days after the last visit (docs/product.md#privacy). */
  async deleteUntouchedSince(db: Executor, before: Date): Promise<number> {
    const gone = await db.delete(leads).where(lt(leads.updatedAt, before)).returning({ id: leads.id });
    return gone.length;
  },
};
