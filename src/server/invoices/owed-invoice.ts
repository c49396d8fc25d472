import type { Db, Executor } from '../db/client';
import type { OrderRow } from '../db/schema';
import { enqueue } from '../jobs/job-queue';
import { invoicesRepo } from './invoices.repo';

/**
 * A paid order owes its invoice when invoicing is on and issues on payment (ADR 033): recorded, with its
 * job, in the transaction that marks the order paid, once whatever path made it paid.
 */
export async function recordOwedInvoice(tx: Executor, order: OrderRow, now: Date): Promise<void> {
  const settings = await invoicesRepo.settings(tx);
  if (!settings?.enabled || settings.issueOn !== 'payment') return;
  if (await invoicesRepo.recordOwed(tx, order.id, order.totalCents, now))
    await enqueue(tx, 'issue_invoice', { orderId: order.id });
}

/** "Tentar de novo" in the panel: an invoice in ERROR is owed again, with its job; false when not in ERROR. */
export async function retryInvoice(db: Db, orderId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const owed = await invoicesRepo.owedAgain(tx, orderId, now);
    if (owed) await enqueue(tx, 'issue_invoice', { orderId });
    return owed;
  });
}
