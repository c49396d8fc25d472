import { gte, sql, type SQL } from 'drizzle-orm';
import { addDays, saoPauloDay, saoPauloMidnight } from '../../shared/dates';
import { z } from 'zod';
import type { Db } from '../db/client';
import { bigNumber, rowsOf } from '../db/rows';
import { orders } from '../db/schema';
import { orderConditions, type OrderFilters } from './order-filters.repo';

/** Taken shared by the orders_daily trigger (drizzle/0008_orders_daily.sql) and exclusively here. */
const ROLLUP_LOCK = 7405001;

const rolledUntil = async (db: Pick<Db, 'execute'>) =>
  rowsOf(
    z.object({ day: z.string().nullable() }),
    await db.execute(sql`select rolled_until::text as day from rollup_state where name = 'orders_daily'`),
  )[0]?.day ?? null;

export interface OrderTotals {
  orders: number;
  totalCents: number;
  revenueCents: number;
  pendingCents: number;
  pix: number;
  whatsapp: number;
  cancelled: number;
}

/** Each figure is coalesced to 0 in the statement. */
const totalsRow = z.object({
  orders: bigNumber,
  totalCents: bigNumber,
  revenueCents: bigNumber,
  pendingCents: bigNumber,
  pix: bigNumber,
  whatsapp: bigNumber,
  cancelled: bigNumber,
}) satisfies z.ZodType<Record<keyof OrderTotals, unknown>>;

export const ordersRollupRepo = {
  /**
   * Rolls the orders of finished São Paulo days into orders_daily. Later changes to those days reach the
   * rollup through the trigger, so each day is rolled up once. The exclusive lock is taken only when a day
   * is due (once a day), because it makes order inserts wait while the pass runs.
   */
  async rollUp(db: Db, now: Date): Promise<void> {
    const today = saoPauloDay(now);
    const yesterday = addDays(today, -1);
    const done = await rolledUntil(db);
    if (done !== null && done >= yesterday) return;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`);
      const from = await rolledUntil(tx);
      if (from !== null && from >= yesterday) return; // another instance got here first
      await tx.execute(sql`
        insert into orders_daily (day, status, payment_status, payment_method, orders, total_cents)
        select (created_at at time zone 'America/Sao_Paulo')::date, status, payment_status, payment_method,
          count(*)::int, sum(total_cents)
        from orders
        where created_at < ${saoPauloMidnight(today)}
          ${from === null ? sql`` : sql`and created_at >= ${saoPauloMidnight(addDays(from, 1))}`}
        group by 1, 2, 3, 4`);
      await tx.execute(sql`update rollup_state set rolled_until = ${yesterday} where name = 'orders_daily'`);
    });
  },

  /**
   * Counts and sums of the orders the panel's filters select. Without a text search, days up to the
   * rollup's last day come from orders_daily and later days from the orders themselves (periods are whole
   * São Paulo days, so each day is wholly on one side). The last day is read first and then used as a
   * constant: a pass committing meanwhile only moves the line later, and both sides stay exact for any line
   * (the trigger keeps rolled days exact); a constant also lets the planner see today's few rows.
   */
  async totals(db: Db, filters: OrderFilters): Promise<OrderTotals> {
    const lastDay = filters.q?.trim() ? null : await rolledUntil(db);
    const rolled: SQL[] = [sql`day <= ${lastDay}::date`];
    if (filters.range.start) rolled.push(sql`day >= ${saoPauloDay(filters.range.start)}::date`);
    if (filters.range.end) rolled.push(sql`day < ${saoPauloDay(filters.range.end)}::date`);
    if (filters.status) rolled.push(sql`status = ${filters.status}`);
    const raw = orderConditions(filters);
    if (lastDay) raw.push(gte(orders.createdAt, saoPauloMidnight(addDays(lastDay, 1))));
    const [row] = rowsOf(
      totalsRow,
      await db.execute(sql`
        with parts as (
          ${
            lastDay
              ? sql`select status, payment_status, payment_method, orders::bigint as n, total_cents as cents
                    from orders_daily where ${sql.join(rolled, sql` and `)}
                    union all`
              : sql``
          }
          select status, payment_status, payment_method, count(*) as n, sum(total_cents) as cents
          from orders ${raw.length ? sql`where ${sql.join(raw, sql` and `)}` : sql``}
          group by 1, 2, 3
        )
        select coalesce(sum(n), 0) as "orders",
          coalesce(sum(cents), 0) as "totalCents",
          coalesce(sum(cents) filter (where payment_status = 'paid'), 0) as "revenueCents",
          coalesce(sum(cents) filter (where payment_status = 'unpaid'), 0) as "pendingCents",
          coalesce(sum(n) filter (where payment_method = 'pix'), 0) as "pix",
          coalesce(sum(n) filter (where payment_method = 'whatsapp'), 0) as "whatsapp",
          coalesce(sum(n) filter (where status = 'cancelado'), 0) as "cancelled"
        from parts`),
    );
    const value = (key: keyof OrderTotals) => Number(row?.[key] ?? 0);
    return {
      orders: value('orders'),
      totalCents: value('totalCents'),
      revenueCents: value('revenueCents'),
      pendingCents: value('pendingCents'),
      pix: value('pix'),
      whatsapp: value('whatsapp'),
      cancelled: value('cancelled'),
    };
  },
};
