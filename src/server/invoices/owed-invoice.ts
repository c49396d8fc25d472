import type { Executor } from '../db/client';
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
