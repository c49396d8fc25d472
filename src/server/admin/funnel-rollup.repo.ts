import { gte, sql, type SQL } from 'drizzle-orm';
import { addDays, saoPauloDay, saoPauloMidnight } from '../../shared/dates';
import { z } from 'zod';
import type { Db } from '../db/client';
import { bigNumber, rowsOf } from '../db/rows';
import { analytics } from '../db/schema';
import { inRange } from './order-filters.repo';
import type { Range } from './periods';

const lastDayRow = z.object({ day: z.string().nullable() });

export const funnelRollupRepo = {
  /**
   * Rolls up the funnel events of finished São Paulo days into analytics_daily. Events are stamped with
   * the server's clock, so a day that is over never gets new ones: each day is rolled up once. Safe to run
   * from several instances (the primary key turns a second insert of a day into a no-op).
   */
  async rollUp(db: Db, now: Date): Promise<void> {
    const todayStart = saoPauloMidnight(saoPauloDay(now));
    await db.execute(sql`
      insert into analytics_daily (day, etapa, events)
      select to_char(created_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as day, etapa, count(*)::int
      from analytics
      where created_at < ${todayStart}
        and created_at >= coalesce(
          (select (max(day)::date + 1)::timestamp at time zone 'America/Sao_Paulo' from analytics_daily),
          '-infinity'::timestamptz)
      group by 1, 2
      on conflict (day, etapa) do nothing`);
  },

  /**
   * Events per stage in a period: days up to the rollup's last day from analytics_daily, later days from
   * the raw events. The last day is read first and used as a constant (rolled days never change, so a pass
   * committing meanwhile cannot make the two sides overlap), which also lets the planner see today's few rows.
   */
  async counts(db: Db, range: Range): Promise<Map<string, number>> {
    const lastDay =
      rowsOf(lastDayRow, await db.execute(sql`select max(day) as day from analytics_daily`))[0]?.day ?? null;
    const rolled: SQL[] = [sql`day <= ${lastDay}`];
    if (range.start) rolled.push(sql`day >= ${saoPauloDay(range.start)}`);
    if (range.end) rolled.push(sql`day < ${saoPauloDay(range.end)}`);
    const raw = inRange(analytics.createdAt, range);
    if (lastDay) raw.push(gte(analytics.createdAt, saoPauloMidnight(addDays(lastDay, 1))));
    const rows = rowsOf(
      z.object({ etapa: z.string(), n: bigNumber }),
      await db.execute(sql`
        select etapa, sum(n) as n from (
          ${
            lastDay
              ? sql`select etapa, events::bigint as n from analytics_daily where ${sql.join(rolled, sql` and `)}
                    union all`
              : sql``
          }
          select etapa, count(*) as n from analytics ${raw.length ? sql`where ${sql.join(raw, sql` and `)}` : sql``}
          group by etapa
        ) parts
        group by etapa`),
    );
    return new Map(rows.map((r) => [r.etapa, Number(r.n)]));
  },
};
