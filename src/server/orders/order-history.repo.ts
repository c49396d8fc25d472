import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { orderAudit } from '../db/schema';

/**
 * The order's history (order_audit, the panel's "Histórico"; ADR 056). Charge states, order statuses and
 * payment statuses are written by the database in the transaction that changes them (drizzle/0036); the
 * rest — notes, refunds, deliveries, invoices — by the code that makes the change, with `record`.
 */
export const orderHistoryRepo = {
  /** The operator (or buyer) making this transaction's changes: the history names them, not the shop. */
  async actAs(tx: Executor, actor: string): Promise<void> {
    await tx.execute(sql`select set_config('impulso.actor', ${actor}, true)`);
  },
  async record(
    tx: Executor,
    entry: {
      orderId: string;
      actor: string;
      field: string;
      oldValue: string | null;
      newValue: string | null;
      at: Date;
    },
  ): Promise<void> {
    const { at, ...values } = entry;
    await tx.insert(orderAudit).values({ ...values, createdAt: at });
  },
};
