import { z } from 'zod';
import { invoiceStates } from '../invoice-labels';
import type { InvoiceState } from '../invoice-states';
import { adminFiltersSchema } from './admin';

// The panel's "Notas fiscais" list and its CSV: by status and by period of São Paulo days.

export const invoiceListFiltersSchema = adminFiltersSchema
  .pick({ period: true, from: true, to: true })
  .extend({
    status: z
      .enum(invoiceStates as [InvoiceState, ...InvoiceState[]], { error: 'Situação de nota inválida.' })
      .optional(),
  });

export const invoiceListSchema = invoiceListFiltersSchema.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const invoicePageSize = 25;

/** One row of the list, as the panel shows it. */
export interface AdminInvoice {
  id: string;
  orderId: string;
  purchaseCode: string;
  buyerName: string;
  buyerEmail: string;
  valueCents: number;
  status: InvoiceState;
  number: string | null;
  /** The invoice's date (its `effectiveDate`): the São Paulo day it was made, ISO. */
  createdAt: string;
  /** When the city hall's authorisation was recorded, ISO; null while it is not issued. */
  issuedAt: string | null;
  pdfUrl: string | null;
  xmlUrl: string | null;
  statusDescription: string | null;
}
