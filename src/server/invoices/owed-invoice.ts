import type { InvoiceIssueOn } from '../../shared/invoice-states';
import type { Db, Executor } from '../db/client';
import type { OrderRow } from '../db/schema';
import { enqueue } from '../jobs/job-queue';
import { invoicesRepo } from './invoices.repo';

/** What recording an owed invoice needs of its order. */
export type OwingOrder = Pick<OrderRow, 'id' | 'totalCents' | 'subscriptionId'>;

/**
 * A paid order owes its invoice when invoicing is on and `moment` is the one the owner chose (ADR 033,
 * ADR 036): on payment, on delivery done, or on the buyer's request. A plan's month owes it on payment
 * whatever the choice (Asaas makes it from the plan's invoice settings; the job only looks it up).
 * Recorded, with its job, in the caller's transaction; once per order whatever calls: false when nothing
 * was recorded (not due, or recorded already).
 */
export async function recordOwedInvoice(
  tx: Executor,
  order: OwingOrder,
  now: Date,
  moment: InvoiceIssueOn = 'payment',
): Promise<boolean> {
  const settings = await invoicesRepo.settings(tx);
  if (!settings?.enabled) return false;
  const due = order.subscriptionId ? moment === 'payment' : settings.issueOn === moment;
  if (!due || !(await invoicesRepo.recordOwed(tx, order.id, order.totalCents, now))) return false;
  await enqueue(tx, 'issue_invoice', { orderId: order.id });
  return true;
}

/** "Tentar de novo" in the panel: an invoice in ERROR is owed again, with its job; false when not in ERROR. */
export async function retryInvoice(db: Db, orderId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const owed = await invoicesRepo.owedAgain(tx, orderId, now);
    if (owed) await enqueue(tx, 'issue_invoice', { orderId });
    return owed;
  });
}
