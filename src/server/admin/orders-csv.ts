import { formatDateTime } from '../../shared/dates';
import { formatPurchaseCode } from '../../shared/orders';
import type { Db } from '../db/client';
import type { OrderRow } from '../db/schema';
import { adminRepo } from './admin.repo';
import type { OrderFilters } from './order-filters.repo';

// Spreadsheet conventions of a Brazilian shop (docs/decisions/012-csv-export.md): ';' between cells,
// decimal comma, São Paulo date and time, UTF-8 with a BOM so Excel reads the accents.
const header = [
  'id',
  'codigo',
  'criado_em',
  'nome',
  'email',
  'whatsapp',
  'instagram',
  'servico',
  'plano',
  'quantidade',
  'link_publicacao',
  'adicionais',
  'total_reais',
  'cupom',
  'desconto_cupom_reais',
  'desconto_pix_reais',
  'status',
  'status_pagamento',
  'metodo',
  'observacoes',
];

export const cell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  // Formula injection: a cell starting with = + - @ is opened as text by spreadsheets.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export const reais = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

function line(o: OrderRow): string {
  return [
    o.id,
    formatPurchaseCode(o.purchaseCode),
    formatDateTime(o.createdAt),
    o.name,
    o.email,
    o.whatsapp,
    o.instagram,
    o.service,
    o.planId,
    o.quantity,
    o.postLink,
    o.addOns.map((a) => `${a.quantity} ${a.product}`).join(' + '),
    reais(o.totalCents),
    o.couponCode,
    reais(o.couponDiscountCents),
    reais(o.pixDiscountCents),
    o.status,
    o.paymentStatus,
    o.paymentMethod,
    o.note,
  ]
    .map(cell)
    .join(';');
}

/**
 * The filtered orders as CSV, newest first, in batches (keyset on created_at, id): any number of rows
 * with bounded memory, and the first bytes leave before the last row is read.
 */
export async function* ordersCsv(db: Db, filters: OrderFilters, batchSize = 1000): AsyncGenerator<string> {
  yield `\uFEFF${header.join(';')}\r\n`;
  let after: OrderRow | undefined;
  for (;;) {
    const rows = await adminRepo.ordersPage(db, filters, after, batchSize);
    if (rows.length > 0) yield rows.map((o) => `${line(o)}\r\n`).join('');
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1];
  }
}
