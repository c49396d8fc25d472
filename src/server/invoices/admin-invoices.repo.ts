import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { InvoiceState } from '../../shared/invoice-states';
import type { AdminInvoice } from '../../shared/schemas/admin-invoices';
import type { Db, Executor } from '../db/client';
import { invoices, orders } from '../db/schema';

// The panel's "Notas fiscais": invoices with their order and buyer, newest first, by status and by the
// São Paulo days they were made on (an invoice's date, ADR 033).

export interface InvoiceFilters {
  /** Half-open [start, end) of whole São Paulo days (admin/periods.ts); null: unbounded. */
  range: { start: Date | null; end: Date | null };
  status?: InvoiceState | undefined;
}

function where(filters: InvoiceFilters): SQL | undefined {
  const conditions = [
    filters.range.start ? gte(invoices.createdAt, filters.range.start) : undefined,
    filters.range.end ? lt(invoices.createdAt, filters.range.end) : undefined,
    filters.status ? eq(invoices.status, filters.status) : undefined,
  ].filter((c): c is SQL => c !== undefined);
  return conditions.length ? and(...conditions) : undefined;
}

const columns = {
  id: invoices.id,
  orderId: invoices.orderId,
  purchaseCode: orders.purchaseCode,
  buyerName: orders.name,
  buyerEmail: orders.email,
  valueCents: invoices.valueCents,
  status: invoices.status,
  number: invoices.number,
  createdAt: invoices.createdAt,
  issuedAt: invoices.issuedAt,
  pdfUrl: invoices.pdfUrl,
  xmlUrl: invoices.xmlUrl,
  statusDescription: invoices.statusDescription,
};

export type InvoiceListRow = Omit<AdminInvoice, 'createdAt' | 'issuedAt'> & {
  createdAt: Date;
  issuedAt: Date | null;
};

export const adminInvoicesRepo = {
  async list(db: Db, filters: InvoiceFilters, page: number, pageSize: number) {
    const [rows, [total]] = await Promise.all([
      db
        .select(columns)
        .from(invoices)
        .innerJoin(orders, eq(orders.id, invoices.orderId))
        .where(where(filters))
        .orderBy(desc(invoices.createdAt), desc(invoices.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.select({ n: count() }).from(invoices).where(where(filters)),
    ]);
    return { rows: rows satisfies InvoiceListRow[], total: total?.n ?? 0 };
  },

  /** A batch for the CSV after `afterId`, keyset on the stored created_at (ADR 012: microseconds). */
  async batch(db: Db, filters: InvoiceFilters, afterId: string | undefined, limit: number) {
    const after = afterId
      ? sql`(${invoices.createdAt}, ${invoices.id}) < (select k.created_at, k.id from invoices k where k.id = ${afterId})`
      : undefined;
    const rows = await db
      .select(columns)
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(and(where(filters), after))
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(limit);
    return rows satisfies InvoiceListRow[];
  },

  /** A refused cancellation to be asked again: one conditional UPDATE, so two clicks move it once. */
  async cancelAgain(tx: Executor, orderId: string, now: Date): Promise<boolean> {
    const moved = await tx
      .update(invoices)
      .set({ status: 'PROCESSING_CANCELLATION', updatedAt: now })
      .where(and(eq(invoices.orderId, orderId), eq(invoices.status, 'CANCELLATION_DENIED')))
      .returning({ id: invoices.id });
    return moved.length > 0;
  },
};
