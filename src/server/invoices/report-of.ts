import {
  providerInvoiceStatuses,
  type InvoiceReport,
  type ProviderInvoiceStatus,
} from '../../shared/invoice-states';
import type { AsaasInvoice } from './asaas-invoices';

const known = new Set<string>(providerInvoiceStatuses);
const isKnown = (status: string): status is ProviderInvoiceStatus => known.has(status);

/** An Asaas invoice (an answer or a webhook's) in the shop's words; null for a status it does not know. */
export const reportOf = ({ status, ...invoice }: AsaasInvoice): InvoiceReport | null =>
  isKnown(status)
    ? {
        providerInvoiceId: invoice.id,
        status,
        reference: invoice.externalReference ?? null,
        payment: invoice.payment ?? null,
        number: invoice.number ?? null,
        pdfUrl: invoice.pdfUrl ?? null,
        xmlUrl: invoice.xmlUrl ?? null,
        statusDescription: invoice.statusDescription ?? null,
      }
    : null;
