import type { InvoiceReport } from '../../shared/invoice-states';
import type { AsaasInvoice } from './asaas-invoices';

/** An Asaas invoice (an answer or a webhook's) in the shop's words. */
export const reportOf = (invoice: AsaasInvoice): InvoiceReport => ({
  providerInvoiceId: invoice.id,
  status: invoice.status,
  reference: invoice.externalReference ?? null,
  payment: invoice.payment ?? null,
  number: invoice.number ?? null,
  pdfUrl: invoice.pdfUrl ?? null,
  xmlUrl: invoice.xmlUrl ?? null,
  statusDescription: invoice.statusDescription ?? null,
});
