import { formatDate } from '../../shared/dates';
import { invoiceStateLabels } from '../../shared/invoice-labels';
import { formatPurchaseCode } from '../../shared/orders';
import { cell, reais } from '../admin/orders-csv';
import type { Db } from '../db/client';
import { adminInvoicesRepo, type InvoiceFilters, type InvoiceListRow } from './admin-invoices.repo';

// "Notas fiscais" for the accountant, as the orders export (ADR 012): ';' between cells, decimal comma,
// São Paulo dates, UTF-8 with a BOM, formula-injection safe, streamed in batches.

const header = [
  'data_nota',
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

function line(r: InvoiceListRow): string {
  return [
    formatDate(r.createdAt),
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
  ]
    .map(cell)
    .join(';');
}

export async function* invoicesCsv(db: Db, filters: InvoiceFilters, batchSize = 1000) {
  yield `\uFEFF${header.join(';')}\r\n`;
  let after: string | undefined;
  for (;;) {
    const rows = await adminInvoicesRepo.batch(db, filters, after, batchSize);
    if (rows.length > 0) yield rows.map((r) => `${line(r)}\r\n`).join('');
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!.id;
  }
}
