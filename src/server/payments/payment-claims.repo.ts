import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Executor } from '../db/client';
import { rowsOf } from '../db/rows';
import { payments, type PaymentRow } from '../db/schema';

const idRow = z.object({ id: z.string() });

/**
 * The payments the background work takes on: each query claims rows for one run (FOR UPDATE SKIP LOCKED
 * and a stamp), so several instances share the work without doing it twice.
 */
export const paymentClaimsRepo = {
  /**
   * Open payments of `provider` not asked about since `due`, claimed for this run (SKIP LOCKED, so
   * instances share the work) and stamped as checked now.
   */
  async claimForReconciliation(db: Db, provider: string, now: Date, due: Date, limit: number) {
    return rowsOf(
      z.object({ id: z.string(), provider_payment_id: z.string() }),
      await db.execute(sql`
      update payments set checked_at = ${now}
      where id in (
        select id from payments
        where provider = ${provider}
          and ((status in ('pending', 'in_analysis')
                and created_at > ${new Date(now.getTime() - 7 * 86_400_000)})
            -- A refund the provider has not finished: its confirmation changes the order.
            or status = 'refund_requested')
          and (checked_at is null or checked_at < ${due})
        order by checked_at nulls first, created_at
        limit ${limit}
        for update skip locked
      )
      returning id, provider_payment_id`),
    );
  },
  /** Open PIX charges past their deadline, marked as handed to the expiry job (SKIP LOCKED). */
  async claimExpiredPix(db: Executor, now: Date, limit: number) {
    return rowsOf(
      idRow,
      await db.execute(sql`
      update payments set expiry_queued_at = ${now}
      where id in (
        select p.id from payments p join orders o on o.id = p.order_id
        where p.status = 'pending' and p.method = 'pix' and p.expiry_queued_at is null
          and p.expires_at <= ${now}
          -- A plan's PIX only for its first month: the plan never started (later months are the plan's).
          and (o.service <> 'recurring' or exists (
            select 1 from subscriptions s
            where s.id = o.subscription_id and s.first_order_id = o.id and s.status = 'pending'))
        order by p.expires_at
        limit ${limit}
        for update of p skip locked
      )
      returning id`),
    );
  },
  /** Open PIX charges issued before `issuedBefore`, still inside their deadline, with no reminder yet. */
  async claimPixReminders(db: Executor, now: Date, issuedBefore: Date, limit: number) {
    return rowsOf(
      z.object({ id: z.string(), orderId: z.string() }),
      await db.execute(sql`
      update payments set reminder_queued_at = ${now}
      where id in (
        select id from payments
        where status = 'pending' and method = 'pix' and reminder_queued_at is null
          and created_at <= ${issuedBefore} and expires_at > ${now}
        order by created_at
        limit ${limit}
        for update skip locked
      )
      returning id, order_id as "orderId"`),
    );
  },
  /**
   * Attempts left `creating` by a process that died during the provider call (no request lives this
   * long): their answer was lost, and they are looked up like a timeout's (unknown-attempts.ts).
   */
  async abandonStaleCreating(db: Db, provider: string, olderThan: Date, now: Date): Promise<number> {
    const rows = rowsOf(
      idRow,
      await db.execute(sql`
      update payments set status = 'unknown', answer_lost_at = ${now}, updated_at = ${now}
      where provider = ${provider} and status = 'creating' and created_at < ${olderThan}
      returning id`),
    );
    return rows.length;
  },
  /**
   * Settled attempts whose answer was lost since `since`, not looked at for five minutes: claimed for this
   * run, so the order's charges at the provider are looked through again.
   */
  async claimLostAnswers(db: Db, provider: string, now: Date, since: Date, limit: number) {
    const ids = rowsOf(
      idRow,
      await db.execute(sql`
      update payments set checked_at = ${now}
      where id in (
        select id from payments
        where provider = ${provider} and answer_lost_at > ${since} and status <> 'unknown'
          and (checked_at is null or checked_at < ${new Date(now.getTime() - 5 * 60_000)})
        order by answer_lost_at
        limit ${limit}
        for update skip locked
      )
      returning id`),
    ).map((r) => r.id);
    if (ids.length === 0) return [];
    return db.select().from(payments).where(inArray(payments.id, ids));
  },
  /** Attempts whose outcome is unknown (recent ones), claimed for this run and stamped as checked. */
  async claimUnknown(db: Db, provider: string, now: Date, limit: number): Promise<PaymentRow[]> {
    const ids = rowsOf(
      idRow,
      await db.execute(sql`
      update payments set checked_at = ${now}
      where id in (
        select id from payments
        where provider = ${provider} and status = 'unknown'
          and created_at > ${new Date(now.getTime() - 7 * 86_400_000)}
          and (checked_at is null or checked_at < ${new Date(now.getTime() - 60_000)})
        order by checked_at nulls first
        limit ${limit}
        for update skip locked
      )
      returning id`),
    ).map((r) => r.id);
    if (ids.length === 0) return [];
    return db.select().from(payments).where(inArray(payments.id, ids));
  },
};
