import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf } from '../db/rows';
import type { Executor } from '../db/client';
import { orders, subscriptions, type NewOrder } from '../db/schema';

// The two statements a plan's monthly charge starts with (bench:fulfilment part 3 runs 10,000 a day).

export const planChargesRepo = {
  /**
   * The plan a charge names, its first month's order and, when that order still waits for the provider's
   * first charge (its latest attempt is `awaiting_charge`), that attempt's id: one read.
   */
  async findPlan(db: Executor, provider: string, providerSubscriptionId: string) {
    const [row] = await db
      .select({
        subscription: subscriptions,
        first: orders,
        awaitingPaymentId: sql<string | null>`(
          select case when p.status = 'awaiting_charge' then p.id end from payments p
          where p.order_id = ${orders.id} order by p.created_at desc, p.seq desc limit 1)`,
      })
      .from(subscriptions)
      .innerJoin(orders, eq(orders.id, subscriptions.firstOrderId))
      .where(
        and(
          eq(subscriptions.provider, provider),
          eq(subscriptions.providerSubscriptionId, providerSubscriptionId),
        ),
      );
    return row;
  },

  /**
   * A month's order and its charge, together or not at all (keyed by the order's idempotency key: a
   * redelivered charge inserts neither). A crash can no longer leave a month with no charge to find.
   * The new charge's id; null when the month was recorded already.
   */
  async insertMonth(
    db: Executor,
    order: NewOrder,
    charge: {
      provider: string;
      providerPaymentId: string;
      method: string;
      amountCents: number;
      dueDate: string | null;
      now: Date;
    },
  ): Promise<string | null> {
    const created = db
      .insert(orders)
      .values(order)
      .onConflictDoNothing({ target: orders.idempotencyKey })
      .returning({ id: orders.id });
    const rows = rowsOf(
      z.object({ id: z.string() }),
      await db.execute(sql`
      with created as ${created}
      insert into payments (order_id, provider, provider_payment_id, method, status, amount_cents, due_date, created_at, updated_at)
      select id, ${charge.provider}, ${charge.providerPaymentId}, ${charge.method}, 'pending', ${charge.amountCents},
        ${charge.dueDate}::date, ${charge.now.toISOString()}::timestamptz, ${charge.now.toISOString()}::timestamptz
      from created
      returning id`),
    );
    return rows[0]?.id ?? null;
  },
};
