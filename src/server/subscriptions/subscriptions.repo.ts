import { and, eq, ne } from 'drizzle-orm';
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
  async markCancelled(db: Executor, id: string, now: Date): Promise<boolean> {
    const [changed] = await db
      .update(subscriptions)
      .set({ status: 'cancelled', cancelledAt: now })
      .where(and(eq(subscriptions.id, id), ne(subscriptions.status, 'cancelled')))
      .returning({ firstOrderId: subscriptions.firstOrderId });
    if (changed) await ordersRepo.cancelUnpaidMonths(db, id, changed.firstOrderId, planCancelledReason, now);
    return changed !== undefined;
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
  /** Its first month was paid: the plan is under way. */
  async markActive(db: Executor, id: string): Promise<void> {
    await db
      .update(subscriptions)
      .set({ status: 'active' })
      .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'pending')));
  },
};
