import { and, asc, eq, inArray, ne, sum } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { refunds, type RefundRow } from '../db/schema';

export const refundsRepo = {
  async findByKey(db: Executor, key: string): Promise<RefundRow | undefined> {
    const [row] = await db.select().from(refunds).where(eq(refunds.idempotencyKey, key));
    return row;
  },
  async insert(db: Executor, row: typeof refunds.$inferInsert): Promise<RefundRow> {
    const [inserted] = await db.insert(refunds).values(row).returning();
    return inserted!;
  },
  /** Centavos refunded or on their way back (failed refunds returned nothing). */
  async committedCents(db: Executor, orderId: string): Promise<number> {
    const [row] = await db
      .select({ total: sum(refunds.amountCents) })
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), ne(refunds.status, 'failed')));
    return Number(row?.total ?? 0);
  },
  async listForOrder(db: Executor, orderId: string): Promise<RefundRow[]> {
    return db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt));
  },
  async update(db: Executor, id: string, changes: Partial<typeof refunds.$inferInsert>) {
    await db.update(refunds).set(changes).where(eq(refunds.id, id));
  },
  /** The order's refunds still waiting for the provider's word, of one kind (full or partial). */
  async confirmOpen(db: Executor, orderId: string, full: boolean, now: Date): Promise<RefundRow[]> {
    return db
      .update(refunds)
      .set({ status: 'refunded', confirmedAt: now })
      .where(
        and(
          eq(refunds.orderId, orderId),
          eq(refunds.full, full),
          inArray(refunds.status, ['sending', 'pending']),
        ),
      )
      .returning();
  },
};
