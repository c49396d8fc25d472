import type { InvoiceReport } from '../../shared/invoice-states';
import type { Db } from '../db/client';
import type { ProviderEvent } from '../payments/payment-provider';
import { asaasInvoice } from './asaas-invoices';
import { invoicesRepo } from './invoices.repo';
import { recordInvoice } from './record-invoice';
import { reportOf } from './report-of';

// Asaas's INVOICE_* webhooks ('Eventos para notas fiscais'): the invoice as it is now, in `invoice`.

/** The report an invoice webhook carries; null when its invoice cannot be read (kept, logged). */
export function readInvoiceEvent(payload: Record<string, unknown>): ProviderEvent | null {
  const parsed = asaasInvoice.safeParse(payload.invoice);
  return parsed.success ? { kind: 'invoice', report: reportOf(parsed.data) } : null;
}

/**
 * Our invoice by Asaas's id, or by our reference when the answer that would have told us its id was
 * lost; an invoice not ours (made by hand in Asaas's panel) is left alone.
 */
export async function applyInvoiceReport(db: Db, report: InvoiceReport, now: Date) {
  const ours =
    (await invoicesRepo.byProviderId(db, report.providerInvoiceId)) ??
    (report.reference ? await invoicesRepo.byId(db, report.reference) : undefined);
  if (ours) await recordInvoice(db, ours, report, now);
  return 'applied' as const;
}
