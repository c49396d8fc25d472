import { eq } from 'drizzle-orm';
import { messages } from '../../shared/messages';
import { formatPurchaseCode } from '../../shared/orders';
import type { Db } from '../db/client';
import { orderAudit, orders } from '../db/schema';
import { AppError } from '../errors';
import type { OrderRow } from '../orders/orders.repo';

export interface AdminOrderUpdate {
  status?: string | undefined;
  paymentStatus?: string | undefined;
  note?: string | null | undefined;
}

/** Applies the operator's changes and writes one audit row per changed field, in one transaction. */
export async function updateOrder(
  db: Db,
  orderId: string,
  update: AdminOrderUpdate,
  actor: string,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new AppError('not_found', 'order_not_found', messages.order_not_found);
    const changes: Partial<OrderRow> = {};
    const audit: Array<{ field: string; oldValue: string | null; newValue: string | null }> = [];
    if (update.status !== undefined && update.status !== order.status) {
      changes.status = update.status;
      audit.push({ field: 'status', oldValue: order.status, newValue: update.status });
    }
    if (update.paymentStatus !== undefined && update.paymentStatus !== order.paymentStatus) {
      changes.paymentStatus = update.paymentStatus;
      if (update.paymentStatus === 'paid' && !order.paidAt) changes.paidAt = now;
      audit.push({ field: 'payment_status', oldValue: order.paymentStatus, newValue: update.paymentStatus });
    }
    if (update.note !== undefined) {
      // Spec §5: trimmed, and null when empty.
      const note = update.note?.trim() || null;
      if (note !== order.note) {
        changes.note = note;
        audit.push({ field: 'note', oldValue: order.note, newValue: note });
      }
    }
    if (audit.length === 0) return order;
    const [updated] = await tx
      .update(orders)
      .set({ ...changes, updatedAt: now })
      .where(eq(orders.id, orderId))
      .returning();
    await tx.insert(orderAudit).values(audit.map((a) => ({ ...a, orderId, actor, createdAt: now })));
    return updated!;
  });
}

const csvCell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  // Formula injection: a cell starting with = + - @ is opened as text by spreadsheets.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function ordersCsv(rows: OrderRow[]): string {
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
    'status',
    'status_pagamento',
    'metodo',
    'observacoes',
  ];
  const lines = rows.map((o) =>
    [
      o.id,
      formatPurchaseCode(o.purchaseCode),
      o.createdAt.toISOString(),
      o.name,
      o.email,
      o.whatsapp,
      o.instagram,
      o.service,
      o.planId,
      o.quantity,
      o.postLink,
      o.addOns.map((a) => `${a.quantity} ${a.product}`).join(' + '),
      (o.totalCents / 100).toFixed(2),
      o.status,
      o.paymentStatus,
      o.paymentMethod,
      o.note,
    ]
      .map(csvCell)
      .join(','),
  );
  return `\uFEFF${[header.join(','), ...lines].join('\r\n')}\r\n`;
}
