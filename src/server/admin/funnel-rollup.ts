import { sql } from 'drizzle-orm';
import { saoPauloDay, saoPauloMidnight } from '../../shared/dates';
import type { Db } from '../db/client';

/**
 * Rolls up the funnel events of finished São Paulo days into analytics_daily. Events are stamped with
 * the server's clock, so a day that is over never gets new ones: each day is rolled up once. Safe to run
 * from several instances (the primary key turns a second insert of a day into a no-op).
 */
export async function rollUpFunnel(db: Db, now: Date): Promise<void> {
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
}
