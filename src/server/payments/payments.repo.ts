import { and, count, desc, eq, gt, inArray, ne } from 'drizzle-orm';
import type { PaymentState } from '../../shared/payment-states';
import type { Executor } from '../db/client';
import { payments, type NewPayment, type PaymentRow } from '../db/schema';

/** Charges at the provider, one row per attempt (decision 005). */
export const paymentsRepo = {
  /** A charge found at the provider; undefined when we know its id already. */
  async insertUnlessKnown(db: Executor, payment: NewPayment): Promise<PaymentRow | undefined> {
    const [row] = await db.insert(payments).values(payment).onConflictDoNothing().returning();
    return row;
  },
  /** An attempt that never got to its charge (being created, or its answer lost) failed. */
  async failOpenAttempt(db: Executor, id: string, now: Date): Promise<void> {
    await db
      .update(payments)
      .set({ status: 'failed', updatedAt: now })
      .where(and(eq(payments.id, id), inArray(payments.status, ['creating', 'unknown'])));
  },
  async insert(db: Executor, payment: NewPayment): Promise<PaymentRow> {
    const [row] = await db.insert(payments).values(payment).returning();
    return row!;
  },
  async latestForOrder(db: Executor, orderId: string): Promise<PaymentRow | undefined> {
    const [row] = await db
      .select()
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(desc(payments.createdAt), desc(payments.seq))
      .limit(1);
    return row;
  },
  /** The order's charge that follows this card plan (the plan's first instalment), if any. */
  async followingPlan(db: Executor, orderId: string, installmentPlanId: string) {
    const [row] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.providerInstallmentId, installmentPlanId)))
      .limit(1);
    return row;
  },
  /** The charge that paid the order (the newest, for an order paid twice). */
  async paidForOrder(db: Executor, orderId: string): Promise<PaymentRow | undefined> {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.status, 'paid')))
      .orderBy(desc(payments.createdAt), desc(payments.seq))
      .limit(1);
    return row;
  },
  async findById(
    db: Executor,
    id: string,
    options: { forUpdate?: boolean } = {},
  ): Promise<PaymentRow | undefined> {
    const query = db.select().from(payments).where(eq(payments.id, id));
    const [row] = options.forUpdate ? await query.for('update') : await query;
    return row;
  },
  async findByProviderId(
    db: Executor,
    provider: string,
    providerPaymentId: string,
    options: { forUpdate?: boolean } = {},
  ): Promise<PaymentRow | undefined> {
    const query = db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)));
    const [row] = options.forUpdate ? await query.for('update') : await query;
    return row;
  },
  async countDeclinedSince(db: Executor, orderId: string, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(payments)
      .where(
        and(eq(payments.orderId, orderId), eq(payments.status, 'declined'), gt(payments.createdAt, since)),
      );
    return row?.n ?? 0;
  },
  /** An unknown attempt becomes FAILED; false when it was no longer unknown (settled meanwhile). */
  async failUnknown(db: Executor, id: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(payments)
      .set({ status: 'failed', updatedAt: now })
      .where(and(eq(payments.id, id), eq(payments.status, 'unknown')))
      .returning({ id: payments.id });
    return rows.length > 0;
  },
  async updateStatus(db: Executor, id: string, status: PaymentState, now: Date): Promise<void> {
    await db.update(payments).set({ status, updatedAt: now }).where(eq(payments.id, id));
  },
  async update(db: Executor, id: string, changes: Partial<NewPayment>): Promise<PaymentRow> {
    const [row] = await db.update(payments).set(changes).where(eq(payments.id, id)).returning();
    return row!;
  },
  async listForOrder(db: Executor, orderId: string): Promise<PaymentRow[]> {
    return db.select().from(payments).where(eq(payments.orderId, orderId));
  },
  /** Whether another charge of the order is still payable (one paid it: that one must go). */
  async hasOtherLive(db: Executor, orderId: string, except: string | null): Promise<boolean> {
    const [row] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.orderId, orderId),
          eq(payments.status, 'pending'),
          except ? ne(payments.id, except) : undefined,
        ),
      )
      .limit(1);
    return row !== undefined;
  },
};
