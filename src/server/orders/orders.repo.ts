import { and, count, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { hotStatements } from './hot-statements';
import { orders, payments } from '../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

/** The database or an open transaction: repositories run inside the service's transaction. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export const ordersRepo = {
  async findById(
    db: Executor,
    id: string,
    options: { forUpdate?: boolean } = {},
  ): Promise<OrderRow | undefined> {
    const query = db.select().from(orders).where(eq(orders.id, id));
    const [row] = options.forUpdate ? await query.for('update') : await query;
    return row;
  },
  async findByIdempotencyKey(db: Executor, key: string): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(orders).where(eq(orders.idempotencyKey, key));
    return row;
  },
  /** Undefined when an order with the same idempotency key exists already. */
  async insertUnlessKeyExists(db: Db, order: NewOrder): Promise<OrderRow | undefined> {
    return hotStatements(db).insertOrder(order);
  },
  async update(db: Executor, id: string, changes: Partial<NewOrder>): Promise<void> {
    await db.update(orders).set(changes).where(eq(orders.id, id));
  },
  /** Only what the payment poll needs: one indexed row, no joins. */
  async paymentState(db: Executor, id: string) {
    const [row] = await db
      .select({ status: orders.status, paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.id, id));
    return row;
  },
};

export const paymentsRepo = {
  async insert(db: Executor, payment: NewPayment): Promise<PaymentRow> {
    const [row] = await db.insert(payments).values(payment).returning();
    return row!;
  },
  async latestForOrder(db: Executor, orderId: string): Promise<PaymentRow | undefined> {
    const [row] = await db
      .select()
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(desc(payments.createdAt))
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
        and(eq(payments.orderId, orderId), eq(payments.status, 'DECLINED'), gt(payments.createdAt, since)),
      );
    return row?.n ?? 0;
  },
  async updateStatus(db: Executor, id: string, status: string, now: Date): Promise<void> {
    await db.update(payments).set({ status, updatedAt: now }).where(eq(payments.id, id));
  },
  async update(db: Executor, id: string, changes: Partial<NewPayment>): Promise<PaymentRow> {
    const [row] = await db.update(payments).set(changes).where(eq(payments.id, id)).returning();
    return row!;
  },
};
