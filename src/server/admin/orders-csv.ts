import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
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

const cell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  // Formula injection: a cell starting with = + - @ is opened as text by spreadsheets.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export const reais = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

function cells(o: OrderRow): unknown[] {
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
  ];
}

/**
 * Rows as CSV lines (ADR 012), read in batches of `batchSize` after the last row of the previous one
 * (a keyset): any number of rows with bounded memory, the first bytes out before the last row is read.
 */
export async function* csvLines<T>(
  header: string[],
  batch: (after: T | undefined, size: number) => Promise<T[]>,
  cells: (row: T) => unknown[],
  batchSize: number,
): AsyncGenerator<string> {
  yield `\uFEFF${header.join(';')}\r\n`;
  let after: T | undefined;
  for (;;) {
    const rows = await batch(after, batchSize);
    if (rows.length > 0) yield rows.map((row) => `${cells(row).map(cell).join(';')}\r\n`).join('');
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1];
  }
}

/** A CSV download of buyers' personal data: streamed, and no browser or proxy keeps a copy (issue 9 §11). */
export const sendCsv = (reply: FastifyReply, name: string, now: Date, lines: AsyncIterable<string>) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${name}-${now.toISOString().slice(0, 10)}.csv"`)
    .send(Readable.from(lines));

/** The filtered orders as CSV, newest first, keyset on (created_at, id). */
export const ordersCsv = (db: Db, filters: OrderFilters, batchSize = 1000) =>
  csvLines<OrderRow>(
    header,
    (after, size) => adminRepo.ordersPage(db, filters, after, size),
    cells,
    batchSize,
  );
