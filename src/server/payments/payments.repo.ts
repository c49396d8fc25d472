import { and, count, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { PaymentState } from '../../shared/payment-states';
import { rowsOf, type Db, type Executor } from '../db/client';
import { payments, type NewPayment, type PaymentRow } from '../db/schema';

/** Charges at the provider, one row per attempt (decision 005). */
export const paymentsRepo = {
  /**
   * Open payments of `provider` not asked about since `due`, claimed for this run (SKIP LOCKED, so
   * instances share the work) and stamped as checked now.
   */
  async claimForReconciliation(db: Db, provider: string, now: Date, due: Date, limit: number) {
    return rowsOf<{ id: string; provider_payment_id: string }>(
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
  /** Open PIX charges past their deadline, marked as handed to the expiry job (SKIP LOCKED). */
  async claimExpiredPix(db: Executor, now: Date, limit: number) {
    return rowsOf<{ id: string }>(
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
    return rowsOf<{ id: string; orderId: string }>(
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
  /**
   * Attempts left `creating` by a process that died during the provider call (no request lives this
   * long): their answer was lost, and they are looked up like a timeout's (unknown-attempts.ts).
   */
  async abandonStaleCreating(db: Db, provider: string, olderThan: Date, now: Date): Promise<number> {
    const rows = rowsOf<{ id: string }>(
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
    const ids = rowsOf<{ id: string }>(
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
    const ids = rowsOf<{ id: string }>(
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
