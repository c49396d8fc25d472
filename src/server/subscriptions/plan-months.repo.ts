import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../db/client';
import { rowsOf } from '../db/rows';

// A plan's later months waiting for their money (issue 43): the statements of the plan follow-up
// (plan-follow-up.ts) and of the plan's view. They read only payments with a due day that are pending
// (payments_plan_due_idx).

const claimed = z.object({ payment_id: z.string(), order_id: z.string() });
const planOfMonth = z.object({ subscription_id: z.string(), payment_id: z.string() });

/** A month still owed: pending, due, its order unpaid and open. */
const owedMonth = sql`p.status = 'pending' and p.due_date is not null and o.payment_status = 'unpaid'
  and o.status = 'pendente'`;

/** Each plan's oldest month owed since before `dueBefore`, with its charge. */
const oldestOwedBefore = (dueBefore: string) => sql`(
  select distinct on (o.subscription_id) o.subscription_id, p.id as payment_id
  from payments p join orders o on o.id = p.order_id
  where ${owedMonth} and p.due_date < ${dueBefore}::date
  order by o.subscription_id, p.due_date)`;

export const planMonthsRepo = {
  /**
   * PIX months to send the buyer a few days ahead (due after `today`, on or before `aheadUntil`), marked
   * sent in the same statement: each is claimed once whatever the instances.
   */
  async claimAheadNotices(db: Executor, today: string, aheadUntil: string, now: Date) {
    return rowsOf(
      claimed,
      await db.execute(sql`
      update payments p set notice_ahead_at = ${now.toISOString()}::timestamptz
      from orders o join subscriptions s on s.id = o.subscription_id
      where p.order_id = o.id and ${owedMonth} and p.method = 'pix' and p.pix_payload is not null
        and p.notice_ahead_at is null and p.due_date > ${today}::date and p.due_date <= ${aheadUntil}::date
        and s.status <> 'cancelled'
      returning p.id as payment_id, p.order_id`),
    );
  },

  /** PIX months due today (or owed since, never sent on their day): sent once, on the due day. */
  async claimDueNotices(db: Executor, today: string, now: Date) {
    return rowsOf(
      claimed,
      await db.execute(sql`
      update payments p set notice_due_at = ${now.toISOString()}::timestamptz,
        notice_ahead_at = coalesce(p.notice_ahead_at, ${now.toISOString()}::timestamptz)
      from orders o join subscriptions s on s.id = o.subscription_id
      where p.order_id = o.id and ${owedMonth} and p.method = 'pix' and p.pix_payload is not null
        and p.notice_due_at is null and p.due_date <= ${today}::date and s.status <> 'cancelled'
      returning p.id as payment_id, p.order_id`),
    );
  },

  /** Active plans with a month owed since before `dueBefore`: paused, each with that month. */
  async pauseOverdue(db: Executor, dueBefore: string, now: Date) {
    return rowsOf(
      planOfMonth,
      await db.execute(sql`
      update subscriptions s set status = 'paused', paused_at = ${now.toISOString()}::timestamptz
      from ${oldestOwedBefore(dueBefore)} m
      where s.id = m.subscription_id and s.status = 'active'
      returning s.id as subscription_id, m.payment_id`),
    );
  },

  /**
   * Live plans with a month owed since before `dueBefore`: the intent to cancel them recorded (reason
   * 'unpaid') before the provider is asked, once per plan (cancel_unpaid_plan does the rest).
   */
  async markUnpaidForCancel(db: Executor, dueBefore: string) {
    return rowsOf(
      planOfMonth,
      await db.execute(sql`
      update subscriptions s set cancel_reason = 'unpaid'
      from ${oldestOwedBefore(dueBefore)} m
      where s.id = m.subscription_id and s.status in ('active', 'paused') and s.cancel_reason is null
      returning s.id as subscription_id, m.payment_id`),
    );
  },

  /** The plan's oldest month still owed, if any (a PIX month open for the buyer, or one paused on). */
  async owedMonth(db: Executor, subscriptionId: string) {
    const [row] = rowsOf(
      z.object({
        order_id: z.string(),
        payment_id: z.string(),
        due_date: z.coerce.string(),
        amount_cents: z.number(),
        pix_payload: z.string().nullable(),
      }),
      await db.execute(sql`
      select o.id as order_id, p.id as payment_id, to_char(p.due_date, 'YYYY-MM-DD') as due_date,
        p.amount_cents, p.pix_payload
      from payments p join orders o on o.id = p.order_id
      where o.subscription_id = ${subscriptionId} and ${owedMonth}
      order by p.due_date limit 1`),
    );
    return row;
  },

  /** The São Paulo day the plan's latest paid month began (its due day, the first month's day paid). */
  async latestPaidMonth(db: Executor, subscriptionId: string): Promise<string | null> {
    const [row] = rowsOf(
      z.object({ day: z.string().nullable() }),
      await db.execute(sql`
      select to_char(max(coalesce(p.due_date, (o.paid_at at time zone 'America/Sao_Paulo')::date)), 'YYYY-MM-DD') as day
      from orders o left join payments p on p.order_id = o.id and p.status = 'paid'
      where o.subscription_id = ${subscriptionId} and o.payment_status = 'paid'`),
    );
    return row?.day ?? null;
  },

  /**
   * Plans whose charges were not listed at the provider for 12 hours (a month whose webhook was lost is
   * found there): up to `limit`, marked listed now, so each instance takes others.
   */
  async claimChargeChecks(db: Executor, now: Date, limit: number) {
    return rowsOf(
      z.object({ id: z.string() }),
      await db.execute(sql`
      update subscriptions set charges_checked_at = ${now.toISOString()}::timestamptz
      where id in (
        select id from subscriptions
        where provider <> 'sandbox' and status <> 'cancelled'
          and (charges_checked_at is null
            or charges_checked_at < ${new Date(now.getTime() - 12 * 3_600_000).toISOString()}::timestamptz)
        order by charges_checked_at nulls first limit ${limit}
        for update skip locked)
      returning id`),
    );
  },
};
