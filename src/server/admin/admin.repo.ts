import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AdminFunnel, AdminMetrics } from '../../shared/schemas/admin';
import type { Db, Executor } from '../db/client';
import { orderAudit, orders, type NewOrder, type OrderRow } from '../db/schema';
import { funnelRollupRepo } from './funnel-rollup.repo';
import { orderConditions, orderWhere, type OrderFilters } from './order-filters.repo';
import { ordersRollupRepo } from './orders-rollup.repo';
import type { Range } from './periods';

const pct = (part: number, whole: number) =>
  whole > 0 ? Math.min(100, Math.round((part / whole) * 1000) / 10) : 0;

export const adminRepo = {
  /** The filtered orders after `after`, newest first (keyset on created_at, id): the CSV's batches. */
  async ordersPage(db: Db, filters: OrderFilters, after: OrderRow | undefined, limit: number) {
    const conditions = orderConditions(filters);
    // The stored value, not the JS Date (milliseconds): created_at may carry microseconds.
    if (after)
      conditions.push(
        sql`(${orders.createdAt}, ${orders.id}) < (select k.created_at, k.id from orders k where k.id = ${after.id})`,
      );
    return db
      .select()
      .from(orders)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit);
  },

  /** The order, locked for the rest of the transaction (the operator's edit). */
  async lockOrder(tx: Executor, orderId: string): Promise<OrderRow | undefined> {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    return order;
  },

  /** Applies the operator's changes (their history: admin-orders.ts). */
  async applyEdit(tx: Executor, orderId: string, changes: Partial<NewOrder>, now: Date): Promise<OrderRow> {
    const [updated] = await tx
      .update(orders)
      .set({ ...changes, updatedAt: now })
      .where(eq(orders.id, orderId))
      .returning();
    return updated!;
  },

  /** The panel's cards (docs/product.md#admin-panel), from the order totals of the filtered period. */
  async metrics(db: Db, filters: OrderFilters, checkoutVisits: number): Promise<AdminMetrics> {
    const totals = await ordersRollupRepo.totals(db, filters);
    return {
      orders: totals.orders,
      revenueCents: totals.revenueCents,
      pendingCents: totals.pendingCents,
      averageTicketCents: totals.orders ? Math.round(totals.totalCents / totals.orders) : 0,
      pixCount: totals.pix,
      whatsappCount: totals.whatsapp,
      // Orders ÷ checkout visits × 100 (docs/product.md#admin-panel).
      conversionRate: checkoutVisits ? Math.round((totals.orders / checkoutVisits) * 1000) / 10 : 0,
      cancelled: totals.cancelled,
    };
  },

  async funnel(db: Db, range: Range): Promise<AdminFunnel> {
    const counts = await funnelRollupRepo.counts(db, range);
    const count = (etapa: string) => counts.get(etapa) ?? 0;
    const visitantes = count('visitante');
    const botaoCompra = count('botao_compra');
    const checkout = count('checkout');
    const pedidosFinalizados = count('pedido_finalizado');
    return {
      visitantes,
      botaoCompra,
      checkout,
      pedidosFinalizados,
      percentages: {
        botaoCompra: pct(botaoCompra, visitantes),
        checkout: pct(checkout, visitantes),
        pedidosFinalizados: pct(pedidosFinalizados, visitantes),
      },
      conversaoFinal: pct(pedidosFinalizados, visitantes),
    };
  },

  async list(
    db: Db,
    filters: OrderFilters,
    page: {
      page: number;
      pageSize: number;
      sort: 'created_at' | 'total_cents' | 'status';
      dir: 'asc' | 'desc';
    },
  ) {
    const column = { created_at: orders.createdAt, total_cents: orders.totalCents, status: orders.status }[
      page.sort
    ];
    const order = page.dir === 'asc' ? asc(column) : desc(column);
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(orders)
        .where(orderWhere(filters))
        .orderBy(order, desc(orders.id))
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize),
      ordersRollupRepo.totals(db, filters),
    ]);
    return { rows, total: totals.orders };
  },

  async audit(db: Db, orderId: string) {
    return db
      .select()
      .from(orderAudit)
      .where(eq(orderAudit.orderId, orderId))
      .orderBy(desc(orderAudit.createdAt));
  },
};
