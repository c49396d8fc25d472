import { asc, desc, eq } from 'drizzle-orm';
import type { AdminFunnel, AdminMetrics } from '../../shared/schemas/admin';
import type { Db } from '../db/client';
import { orderAudit, orders } from '../db/schema';
import { funnelCounts } from './funnel-rollup';
import { orderWhere, type OrderFilters } from './order-filters';
import { orderTotals } from './orders-rollup';
import type { Range } from './periods';

const pct = (part: number, whole: number) =>
  whole > 0 ? Math.min(100, Math.round((part / whole) * 1000) / 10) : 0;

export const adminRepo = {
  /** The spec §9 'Admin' cards, from the order totals of the filtered period. */
  async metrics(db: Db, filters: OrderFilters, checkoutVisits: number): Promise<AdminMetrics> {
    const totals = await orderTotals(db, filters);
    return {
      orders: totals.orders,
      revenueCents: totals.revenueCents,
      pendingCents: totals.pendingCents,
      averageTicketCents: totals.orders ? Math.round(totals.totalCents / totals.orders) : 0,
      pixCount: totals.pix,
      whatsappCount: totals.whatsapp,
      // Orders ÷ checkout visits × 100 (spec §9).
      conversionRate: checkoutVisits ? Math.round((totals.orders / checkoutVisits) * 1000) / 10 : 0,
      cancelled: totals.cancelled,
    };
  },

  async funnel(db: Db, range: Range): Promise<AdminFunnel> {
    const counts = await funnelCounts(db, range);
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
      orderTotals(db, filters),
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
