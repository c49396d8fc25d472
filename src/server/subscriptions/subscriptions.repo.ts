import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { addMonths } from '../../shared/dates';
import { rowsOf } from '../db/rows';
import type { PlanEndReason } from '../../shared/plan-status';
import { subscriptions, type SubscriptionRow } from '../db/schema';
import type { Executor } from '../db/client';
import { ordersRepo } from '../orders/orders.repo';

/** Why a month's order is cancelled with its plan (or born cancelled: the plan was, when it was charged). */
export const planCancelledReason = 'plan_cancelled';

export const subscriptionsRepo = {
  async insert(db: Executor, row: typeof subscriptions.$inferInsert): Promise<SubscriptionRow> {
    const [created] = await db.insert(subscriptions).values(row).returning();
    return created!;
  },
  async findByProviderId(db: Executor, provider: string, providerSubscriptionId: string) {
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.provider, provider),
          eq(subscriptions.providerSubscriptionId, providerSubscriptionId),
        ),
      );
    return row;
  },
  async findById(db: Executor, id: string) {
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
    return row;
  },
  /**
   * False when it was cancelled already (by the operator, or by an earlier report). Its later months still
   * waiting for their money are cancelled with it: money that comes for one later is flagged, not delivered.
   * The first month's order keeps its own course (its PIX expiring, paid again with a new plan).
   */
  async markCancelled(db: Executor, id: string, now: Date, reason: PlanEndReason): Promise<boolean> {
    const [changed] = await db
      .update(subscriptions)
      // A reason recorded as the intent before the provider was asked (the buyer's, an unpaid month's) stays.
      .set({
        status: 'cancelled',
        cancelledAt: now,
        cancelReason: sql`coalesce(${subscriptions.cancelReason}, ${reason})`,
      })
      .where(and(eq(subscriptions.id, id), ne(subscriptions.status, 'cancelled')))
      .returning({ firstOrderId: subscriptions.firstOrderId });
    if (changed) await ordersRepo.cancelUnpaidMonths(db, id, changed.firstOrderId, planCancelledReason, now);
    return changed !== undefined;
  },
  /** Where each of these plans stands (the panel's order list). */
  async statusOf(db: Executor, ids: string[]) {
    if (ids.length === 0) return [];
    return db
      .select({
        id: subscriptions.id,
        status: subscriptions.status,
        cancelReason: subscriptions.cancelReason,
      })
      .from(subscriptions)
      .where(inArray(subscriptions.id, ids));
  },
  /** The buyer asked to end the plan: recorded before the provider is asked (it wins over an unpaid month's). */
  async intendBuyerCancel(db: Executor, id: string): Promise<void> {
    await db
      .update(subscriptions)
      .set({ cancelReason: 'buyer' })
      .where(and(eq(subscriptions.id, id), ne(subscriptions.status, 'cancelled')));
  },
  /** Asaas's plans not cancelled: each gets the shop's invoice settings when they change (ADR 036). */
  async liveAtAsaas(db: Executor): Promise<Array<{ id: string }>> {
    return db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.provider, 'asaas'), ne(subscriptions.status, 'cancelled')));
  },
  /** The shop's invoice settings of `version` are what Asaas holds for this plan (ADR 036). */
  async invoiceSettingsApplied(db: Executor, id: string, version: Date): Promise<void> {
    await db.update(subscriptions).set({ invoiceSettingsOf: version }).where(eq(subscriptions.id, id));
  },
  /**
   * A month was paid: a plan waiting for its first is under way, a paused one resumes (and a cancellation
   * for the unpaid month, intended but not yet made, is dropped). True when it was paused.
   */
  async markActive(db: Executor, id: string): Promise<boolean> {
    const rows = rowsOf(
      z.object({ was: z.string() }),
      await db.execute(sql`
      update subscriptions s set status = 'active', paused_at = null,
        cancel_reason = case when s.cancel_reason = 'unpaid' then null else s.cancel_reason end
      from (select id, status as was from subscriptions where id = ${id} for update) old
      where s.id = old.id and old.was in ('pending', 'paused')
      returning old.was`),
    );
    return rows[0]?.was === 'paused';
  },
  /** The provider charges a month due on `dueDate`: the plan's next charge is a month later. */
  async chargedUntil(db: Executor, id: string, dueDate: string): Promise<void> {
    const next = addMonths(dueDate, 1);
    await db
      .update(subscriptions)
      .set({ nextDueDate: next })
      .where(
        and(
          eq(subscriptions.id, id),
          or(isNull(subscriptions.nextDueDate), lt(subscriptions.nextDueDate, next)),
        ),
      );
  },
};
