import { and, asc, desc, eq, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { orders, type NewOrder, type OrderRow } from '../db/schema';
import { hotStatements } from './hot-statements.repo';

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
  /** A plan's months still waiting for their money, cancelled with it (their money, if it comes, is flagged). */
  async cancelUnpaidMonths(
    db: Executor,
    subscriptionId: string,
    firstOrderId: string,
    reason: string,
    now: Date,
  ): Promise<void> {
    await db
      .update(orders)
      .set({ status: 'cancelado', cancelReason: reason, updatedAt: now })
      .where(
        and(
          eq(orders.subscriptionId, subscriptionId),
          ne(orders.id, firstOrderId),
          eq(orders.paymentStatus, 'unpaid'),
          eq(orders.status, 'pendente'),
        ),
      );
  },
  /** Whether any order was ever paid: a shop without one has no numbers to claim (ADR 055). */
  async anyPaid(db: Executor): Promise<boolean> {
    const [row] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(inArray(orders.paymentStatus, ['paid', 'refunded']))
      .limit(1);
    return row !== undefined;
  },
  async update(db: Executor, id: string, changes: Partial<NewOrder>): Promise<void> {
    await db.update(orders).set(changes).where(eq(orders.id, id));
  },
  /**
   * The order with this purchase code and e-mail; for a monthly plan, every month's order of its
   * subscription with that e-mail, newest first. Empty when the pair does not match.
   */
  async findForLookup(db: Executor, code: string, email: string): Promise<OrderRow[]> {
    const [match] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.purchaseCode, code), eq(orders.email, email)));
    if (!match?.subscriptionId) return match ? [match] : [];
    return db
      .select()
      .from(orders)
      .where(and(eq(orders.subscriptionId, match.subscriptionId), eq(orders.email, email)))
      .orderBy(desc(orders.createdAt));
  },
  /**
   * Takes the order's charge lock until `until` unless someone else holds it (a lock past its time is
   * free): the order as it is now, or undefined.
   */
  async takeChargeLock(db: Executor, id: string, token: string, now: Date, until: Date) {
    const [row] = await db
      .update(orders)
      .set({ chargeLockId: token, chargeLockUntil: until })
      .where(and(eq(orders.id, id), or(isNull(orders.chargeLockUntil), lt(orders.chargeLockUntil, now))))
      .returning();
    return row;
  },
  async releaseChargeLock(db: Executor, id: string, token: string): Promise<void> {
    await db
      .update(orders)
      .set({ chargeLockId: null, chargeLockUntil: null })
      .where(and(eq(orders.id, id), eq(orders.chargeLockId, token)));
  },
  /** Only what the payment poll needs: one indexed row, no joins. */
  async paymentState(db: Executor, id: string) {
    const [row] = await db
      .select({ status: orders.status, paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.id, id));
    return row;
  },
  /** Status of several orders, locked in id order (the delivery sync moves them along). */
  async lockStates(db: Executor, ids: readonly string[]) {
    if (ids.length === 0) return [];
    return db
      .select({
        id: orders.id,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        totalCents: orders.totalCents,
        subscriptionId: orders.subscriptionId,
      })
      .from(orders)
      .where(inArray(orders.id, [...ids]))
      .orderBy(asc(orders.id))
      .for('update');
  },
};
