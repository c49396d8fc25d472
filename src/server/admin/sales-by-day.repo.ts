import { sql } from 'drizzle-orm';
import { addDays, saoPauloMidnight } from '../../shared/dates';
import type { SalesDay } from '../../shared/schemas/admin';
import { z } from 'zod';
import type { Db } from '../db/client';
import { bigNumber, rowsOf } from '../db/rows';

/**
 * Paid orders and their revenue per São Paulo day in [firstDay, lastDay], from the daily rollup for rolled
 * days and from the orders themselves after them (as the panel's totals, docs/admin-queries.md). Days
 * without sales are absent.
 */
export async function salesByDay(db: Db, firstDay: string, lastDay: string): Promise<SalesDay[]> {
  const [state] = rowsOf(
    z.object({ day: z.string().nullable() }),
    await db.execute(sql`select rolled_until::text as day from rollup_state where name = 'orders_daily'`),
  );
  const rolled = state?.day ?? null;
  const rawFrom = rolled && rolled >= firstDay ? addDays(rolled, 1) : firstDay;
  const rows = rowsOf(
    z.object({ day: z.string(), orders: bigNumber, cents: bigNumber }),
    await db.execute(sql`
      with parts as (
        ${
          rolled && rolled >= firstDay
            ? sql`select day::text as day, orders::bigint as n, total_cents as cents from orders_daily
                  where payment_status = 'paid' and day >= ${firstDay}::date
                    and day <= least(${rolled}::date, ${lastDay}::date)
                  union all`
            : sql``
        }
        select ((created_at at time zone 'America/Sao_Paulo')::date)::text as day, count(*) as n,
          sum(total_cents) as cents
        from orders
        where payment_status = 'paid' and created_at >= ${saoPauloMidnight(rawFrom)}
          and created_at < ${saoPauloMidnight(addDays(lastDay, 1))}
        group by 1
      )
      select day, sum(n) as orders, sum(cents) as cents from parts group by day order by day`),
  );
  return rows.map((r) => ({ day: r.day, paidOrders: Number(r.orders), revenueCents: Number(r.cents) }));
}
