import { and, asc, count, desc, eq, inArray, lt, max, sql } from 'drizzle-orm';
import { z } from 'zod';
import { deliveryStates, refillStates } from '../../shared/schemas/deliveries';
import type { Db, Executor } from '../db/client';
import { rowsOf } from '../db/rows';
import { deliveries, orders, type DeliveryRow, type NewDelivery } from '../db/schema';

/** States that need a person (the panel's "Precisam de atenção"). */
export const attentionStates = ['unknown', 'invalid_link', 'refused', 'partial', 'manual'] as const;
/** The states the status sync asks the panel about: the delivery still runs there. */
export const isRunningAtPanel = (state: string) => state === 'pending' || state === 'in_progress';

export interface StatusChange {
  id: string;
  state: string;
  remains: number | null;
  startCount: number | null;
  charge: string | null;
  currency: string | null;
  completedAt: Date | null;
  lastError: string | null;
}

const syncRow = z.object({
  id: z.string(),
  panel_order_id: z.string(),
  refill_id: z.string().nullable(),
  refill_status: z.enum(refillStates).nullable(),
  state: z.enum(deliveryStates),
});

export const deliveriesRepo = {
  /** The order's items; an item that exists already is left alone (a second confirmation adds nothing). */
  async insertNew(db: Executor, rows: NewDelivery[]): Promise<DeliveryRow[]> {
    if (rows.length === 0) return [];
    return db.insert(deliveries).values(rows).onConflictDoNothing().returning();
  },
  async findById(db: Executor, id: string, options: { forUpdate?: boolean } = {}) {
    const query = db.select().from(deliveries).where(eq(deliveries.id, id));
    const [row] = options.forUpdate ? await query.for('update') : await query;
    return row;
  },
  async listForOrder(db: Executor, orderId: string): Promise<DeliveryRow[]> {
    return deliveriesRepo.listForOrders(db, [orderId]);
  },
  async listForOrders(db: Executor, orderIds: readonly string[]): Promise<DeliveryRow[]> {
    if (orderIds.length === 0) return [];
    return db
      .select()
      .from(deliveries)
      .where(inArray(deliveries.orderId, [...orderIds]))
      .orderBy(asc(deliveries.createdAt), asc(deliveries.itemKey));
  },
  async lockMany(db: Executor, ids: readonly string[]): Promise<DeliveryRow[]> {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(deliveries)
      .where(inArray(deliveries.id, [...ids]))
      .orderBy(asc(deliveries.id))
      .for('update');
  },
  async statesOfOrders(db: Executor, orderIds: readonly string[]) {
    if (orderIds.length === 0) return [];
    return db
      .select({ orderId: deliveries.orderId, state: deliveries.state })
      .from(deliveries)
      .where(inArray(deliveries.orderId, [...orderIds]));
  },
  /** What the panel said about many deliveries, in one statement. */
  async applyStatuses(db: Executor, rows: readonly StatusChange[], now: Date): Promise<void> {
    if (rows.length === 0) return;
    const values = rows.map(
      (r) =>
        sql`(${r.id}::uuid, ${r.state}, ${r.remains}::int, ${r.startCount}::int, ${r.charge}, ${r.currency}, ${r.completedAt}::timestamptz, ${r.lastError})`,
    );
    await db.execute(sql`
      update deliveries as d set
        state = v.state, remains = v.remains, start_count = v.start_count, charge = v.charge,
        currency = v.currency, completed_at = coalesce(v.completed_at, d.completed_at),
        last_error = coalesce(v.last_error, d.last_error), updated_at = ${now}
      from (values ${sql.join(values, sql`, `)}) as v(id, state, remains, start_count, charge, currency, completed_at, last_error)
      where d.id = v.id`);
  },
  async lockForOrder(db: Executor, orderId: string): Promise<DeliveryRow[]> {
    return db
      .select()
      .from(deliveries)
      .where(eq(deliveries.orderId, orderId))
      .orderBy(asc(deliveries.id))
      .for('update');
  },
  async update(db: Executor, id: string, changes: Partial<NewDelivery>): Promise<void> {
    await db.update(deliveries).set(changes).where(eq(deliveries.id, id));
  },
  /**
   * Open deliveries (or open refills) not asked about since `due`, claimed for this run with SKIP LOCKED
   * and stamped now: instances share the work and never ask twice within an interval.
   */
  async claimForSync(db: Db, now: Date, due: Date, limit: number) {
    return rowsOf(
      syncRow,
      await db.execute(sql`
      update deliveries set checked_at = ${now}
      where id in (
        select id from deliveries
        where (state in ('pending', 'in_progress') or refill_status in ('pending', 'in_progress'))
          and panel_order_id is not null
          and (checked_at is null or checked_at < ${due})
        order by checked_at nulls first
        limit ${limit}
        for update skip locked
      )
      returning id, panel_order_id, refill_id, refill_status, state`),
    );
  },
  /** Invalid links the buyer left uncorrected since before `since`. */
  async invalidLinksSince(db: Executor, since: Date, limit = 100) {
    return db
      .select({ id: deliveries.id, orderId: deliveries.orderId })
      .from(deliveries)
      .where(and(eq(deliveries.state, 'invalid_link'), lt(deliveries.linkInvalidSince, since)))
      .limit(limit);
  },
  async countAttention(db: Executor): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(deliveries)
      .where(inArray(deliveries.state, [...attentionStates]));
    return row?.n ?? 0;
  },
  async listAttention(db: Executor, limit = 100) {
    return db
      .select({ delivery: deliveries, purchaseCode: orders.purchaseCode, instagram: orders.instagram })
      .from(deliveries)
      .innerJoin(orders, eq(orders.id, deliveries.orderId))
      .where(inArray(deliveries.state, [...attentionStates]))
      .orderBy(desc(deliveries.updatedAt))
      .limit(limit);
  },
  async lastRefillRequest(db: Executor, orderId: string): Promise<Date | null> {
    const [row] = await db
      .select({ at: max(deliveries.refillRequestedAt) })
      .from(deliveries)
      .where(eq(deliveries.orderId, orderId));
    return row?.at ?? null;
  },
  async countForOrderItem(db: Executor, orderId: string, prefix: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(deliveries)
      .where(and(eq(deliveries.orderId, orderId), sql`${deliveries.itemKey} like ${prefix + '%'}`));
    return row?.n ?? 0;
  },
};
