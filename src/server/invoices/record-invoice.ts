import type { Db } from '../db/client';
import type { InvoiceRow } from '../db/schema';
import { enqueue } from '../jobs/job-queue';
import { invoicesRepo } from './invoices.repo';
import { invoiceStateRank, type InvoiceReport, type InvoiceState } from '../../shared/invoice-states';

// One door for what Asaas says about an invoice, whether it came as an answer to our request or as an
// INVOICE_* webhook (ADR 033): the move is one conditional UPDATE, so the buyer's e-mail and the owner's
// alert follow a change exactly once however many times, and in whatever order, Asaas tells it.

const statesBefore = (status: InvoiceState) =>
  (Object.keys(invoiceStateRank) as InvoiceState[]).filter(
    (state) => state !== status && invoiceStateRank[state] <= invoiceStateRank[status],
  );

/** What follows a move into a status: the buyer's links, or the owner told of a refusal. */
const followUps: Partial<Record<InvoiceState, 'invoice_authorized_email' | 'invoice_problem_alert'>> = {
  AUTHORIZED: 'invoice_authorized_email',
  ERROR: 'invoice_problem_alert',
  CANCELLATION_DENIED: 'invoice_problem_alert',
};

/**
 * Applies a report to our invoice row; false when it changed nothing (known already, older, or in a
 * status the shop does not know: its webhook is kept and the owner told, docs/nfse.md).
 */
export async function recordInvoice(
  db: Db,
  row: Pick<InvoiceRow, 'id'>,
  report: InvoiceReport | null,
  now: Date,
): Promise<boolean> {
  if (!report) return false;
  // One transaction: the move and its follow-up exist together, or neither does.
  return db.transaction(async (tx) => {
    if (!(await invoicesRepo.moveTo(tx, row.id, report, statesBefore(report.status), now))) return false;
    const followUp = followUps[report.status];
    if (followUp) await enqueue(tx, followUp, { invoiceId: row.id, status: report.status });
    return true;
  });
}
