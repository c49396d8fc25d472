import { and, asc, eq, inArray, lt, notInArray, or, isNull, sum } from 'drizzle-orm';
import { openRefundStates, type RefundState } from '../../shared/payment-states';
import type { Executor } from '../db/client';
import { refunds, type RefundRow } from '../db/schema';

const open = [...openRefundStates];
/** Refunds that returned nothing: their money is free to be refunded again. */
const nothingReturned: RefundState[] = ['failed', 'denied'];

export const refundsRepo = {
  async findByKey(db: Executor, key: string): Promise<RefundRow | undefined> {
    const [row] = await db.select().from(refunds).where(eq(refunds.idempotencyKey, key));
    return row;
  },
  async findById(db: Executor, id: string): Promise<RefundRow | undefined> {
    const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
    return row;
  },
  async insert(db: Executor, row: typeof refunds.$inferInsert): Promise<RefundRow> {
    const [inserted] = await db.insert(refunds).values(row).returning();
    return inserted!;
  },
  /** Centavos refunded or on their way back (or whose fate is still unknown). */
  async committedCents(db: Executor, orderId: string): Promise<number> {
    const [row] = await db
      .select({ total: sum(refunds.amountCents) })
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), notInArray(refunds.status, nothingReturned)));
    return Number(row?.total ?? 0);
  },
  async listForOrder(db: Executor, orderId: string): Promise<RefundRow[]> {
    return db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt));
  },
  async listForPayment(db: Executor, paymentId: string): Promise<RefundRow[]> {
    return db.select().from(refunds).where(eq(refunds.paymentId, paymentId)).orderBy(asc(refunds.createdAt));
  },
  async update(db: Executor, id: string, changes: Partial<typeof refunds.$inferInsert>) {
    await db.update(refunds).set(changes).where(eq(refunds.id, id));
  },
  /** The order's refunds still waiting for the provider's word, of one kind (full or partial). */
  async confirmOpen(db: Executor, orderId: string, full: boolean, now: Date): Promise<RefundRow[]> {
    return db
      .update(refunds)
      .set({ status: 'refunded', confirmedAt: now })
      .where(and(eq(refunds.orderId, orderId), eq(refunds.full, full), inArray(refunds.status, open)))
      .returning();
  },
  /** The charge's refunds under way, refused by the provider. */
  async denyOpen(db: Executor, paymentId: string, reason: string | null): Promise<void> {
    await db
      .update(refunds)
      .set({ status: 'denied', lastError: reason })
      .where(and(eq(refunds.paymentId, paymentId), inArray(refunds.status, open)));
  },
  /** Open refunds not asked about since `due`, claimed for this run and stamped as checked now. */
  async claimOpen(db: Executor, now: Date, due: Date, limit: number): Promise<RefundRow[]> {
    const ids = db
      .select({ id: refunds.id })
      .from(refunds)
      .where(
        and(
          inArray(refunds.status, ['unknown', 'pending', 'awaiting_authorisation']),
          or(isNull(refunds.checkedAt), lt(refunds.checkedAt, due)),
        ),
      )
      .orderBy(asc(refunds.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    return db.update(refunds).set({ checkedAt: now }).where(inArray(refunds.id, ids)).returning();
  },
};
