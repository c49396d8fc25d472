import { desc, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { orders, payments, type OrderRow, type PaymentRow } from '#server/db/schema/index.ts';
import { turnBatcherPerDb } from '#server/db/turn-batcher.ts';

export interface ReceiptReads {
  order: OrderRow;
  /** The order's newest payment attempt: its PIX code goes in the e-mail while it is payable. */
  latestPayment: PaymentRow | undefined;
}

// The receipts of one batch of jobs (up to 20 at once) read their orders and newest attempts with two
// statements in all, not two each (ADR 039).
async function readBatch(db: Db, ids: string[]): Promise<Array<ReceiptReads | undefined>> {
  const [found, attempts] = await Promise.all([
    db.select().from(orders).where(inArray(orders.id, ids)),
    db
      .selectDistinctOn([payments.orderId])
      .from(payments)
      .where(inArray(payments.orderId, ids))
      .orderBy(payments.orderId, desc(payments.createdAt), desc(payments.seq)),
  ]);
  const byId = new Map(found.map((order) => [order.id, order]));
  const latest = new Map(attempts.map((payment) => [payment.orderId, payment]));
  return ids.map((id) => {
    const order = byId.get(id);
    return order ? { order, latestPayment: latest.get(id) } : undefined;
  });
}

/** The order of a 'pedido recebido' e-mail and its newest payment attempt; undefined when it is gone. */
export const readForReceipt: (db: Db, orderId: string) => Promise<ReceiptReads | undefined> =
  turnBatcherPerDb(readBatch);
