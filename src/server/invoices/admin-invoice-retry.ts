import type { Db } from '../db/client';
import { adminInvoicesRepo } from './admin-invoices.repo';
import { enqueue } from '../jobs/job-queue';
import { retryInvoice } from './owed-invoice';

// "Tentar de novo" in "Notas fiscais" (docs/nfse.md): an invoice in ERROR is owed again (the same
// invoice sent again, never a second one); a refused cancellation is asked again. Each is one
// conditional UPDATE with its job, so two clicks (or two instances) queue it once.

export type Retried =
  { from: 'ERROR'; to: 'pending' } | { from: 'CANCELLATION_DENIED'; to: 'PROCESSING_CANCELLATION' };

/** What was sent again, or null when the invoice is in neither state. */
export async function retryFromPanel(db: Db, orderId: string, now: Date): Promise<Retried | null> {
  if (await retryInvoice(db, orderId, now)) return { from: 'ERROR', to: 'pending' };
  return db.transaction(async (tx) => {
    // Cancelling again is under way from here: a second click finds nothing to send.
    if (!(await adminInvoicesRepo.cancelAgain(tx, orderId, now))) return null;
    await enqueue(tx, 'cancel_invoice', { orderId });
    return { from: 'CANCELLATION_DENIED', to: 'PROCESSING_CANCELLATION' } as const;
  });
}
