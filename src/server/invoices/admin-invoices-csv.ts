import { formatDate, formatDateTime } from '../../shared/dates';
import { invoiceStateLabels } from '../../shared/invoice-labels';
import { formatPurchaseCode } from '../../shared/orders';
import { csvLines, reais } from '../admin/orders-csv';
import type { Db } from '../db/client';
import { adminInvoicesRepo, type InvoiceFilters, type InvoiceListRow } from './admin-invoices.repo';

// "Notas fiscais" for the accountant, as the orders export (ADR 012): ';' between cells, decimal comma,
// São Paulo dates, UTF-8 with a BOM, formula-injection safe, streamed in batches.

const header = [
  'data_nota',
  'emitida_em',
  'numero',
  'situacao',
  'valor_reais',
  'pedido',
  'comprador',
  'email',
  'pdf',
  'xml',
  'motivo_asaas',
  'id_nota',
];

const cells = (r: InvoiceListRow) => [
  formatDate(r.createdAt),
  r.issuedAt && formatDateTime(r.issuedAt),
  r.number,
  invoiceStateLabels[r.status],
  reais(r.valueCents),
  formatPurchaseCode(r.purchaseCode),
  r.buyerName,
  r.buyerEmail,
  r.pdfUrl,
  r.xmlUrl,
  r.statusDescription,
  r.id,
];

export const invoicesCsv = (db: Db, filters: InvoiceFilters, batchSize = 1000) =>
  csvLines<InvoiceListRow>(
    header,
    (after, size) => adminInvoicesRepo.batch(db, filters, after?.id, size),
    cells,
    batchSize,
  );
