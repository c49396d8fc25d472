import { and, asc, desc, eq, gte, ilike, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { addDays, saoPauloDay, saoPauloMidnight } from '../../shared/dates';
import { normalisePurchaseCode } from '../../shared/orders';
import type { AdminFunnel, AdminMetrics } from '../../shared/schemas/admin';
import { rowsOf, type Db } from '../db/client';
import { analytics, analyticsDaily, orderAudit, orders } from '../db/schema';
import type { Range } from './periods';

export interface OrderFilters {
  range: Range;
  q?: string | undefined;
  status?: string | undefined;
}

const inRange = (column: typeof orders.createdAt | typeof analytics.createdAt, range: Range) =>
  [range.start ? gte(column, range.start) : undefined, range.end ? lt(column, range.end) : undefined].filter(
    (c): c is SQL => c !== undefined,
  );

/** Text search: handle, name, e-mail, purchase code, id prefix. */
function where(filters: OrderFilters): SQL | undefined {
  const conditions: SQL[] = [...inRange(orders.createdAt, filters.range)];
  if (filters.status) conditions.push(eq(orders.status, filters.status));
  const q = filters.q?.trim();
  if (q) {
    const like = `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    const code = normalisePurchaseCode(q);
    const search = [ilike(orders.instagram, like), ilike(orders.name, like), ilike(orders.email, like)];
    if (code.length === 8) search.push(eq(orders.purchaseCode, code));
    if (/^[0-9a-f-]{4,36}$/i.test(q)) search.push(sql`${orders.id}::text like ${`${q.toLowerCase()}%`}`);
    conditions.push(or(...search)!);
  }
  return conditions.length ? and(...conditions) : undefined;
}

const pct = (part: number, whole: number) =>
  whole > 0 ? Math.min(100, Math.round((part / whole) * 1000) / 10) : 0;

export const adminRepo = {
  /** One pass over the period's orders with FILTER aggregates (spec §9 'Admin'). */
  async metrics(db: Db, filters: OrderFilters, checkoutVisits: number): Promise<AdminMetrics> {
    const [row] = await db
      .select({
        orders: sql<number>`count(*)::int`,
        total: sql<number>`coalesce(sum(${orders.totalCents}), 0)::bigint`,
        revenue: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${orders.paymentStatus} = 'paid'), 0)::bigint`,
        pending: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${orders.paymentStatus} = 'unpaid'), 0)::bigint`,
        pix: sql<number>`(count(*) filter (where ${orders.paymentMethod} = 'pix'))::int`,
        whatsapp: sql<number>`(count(*) filter (where ${orders.paymentMethod} = 'whatsapp'))::int`,
        cancelled: sql<number>`(count(*) filter (where ${orders.status} = 'cancelado'))::int`,
      })
      .from(orders)
      .where(where(filters));
    const count = Number(row?.orders ?? 0);
    return {
      orders: count,
      revenueCents: Number(row?.revenue ?? 0),
      pendingCents: Number(row?.pending ?? 0),
      averageTicketCents: count ? Math.round(Number(row?.total ?? 0) / count) : 0,
      pixCount: Number(row?.pix ?? 0),
      whatsappCount: Number(row?.whatsapp ?? 0),
      // Orders ÷ checkout visits × 100 (spec §9).
      conversionRate: checkoutVisits ? Math.round((count / checkoutVisits) * 1000) / 10 : 0,
      cancelled: Number(row?.cancelled ?? 0),
    };
  },

  /**
   * Finished days from the daily rollup, today from the raw events (periods are whole São Paulo days, so
   * the two parts never overlap). A day not rolled up yet is counted from the raw events too.
   */
  async funnel(db: Db, range: Range): Promise<AdminFunnel> {
    const rolledUntil = rowsOf<{ day: string | null }>(
      await db.execute(sql`select max(day) as day from analytics_daily`),
    )[0]?.day;
    const rawFrom = rolledUntil ? saoPauloMidnight(addDays(rolledUntil, 1)) : null;
    const startDay = range.start ? saoPauloDay(range.start) : null;
    const endDay = range.end ? saoPauloDay(new Date(range.end.getTime() - 1)) : null;
    const rolled = rolledUntil
      ? await db
          .select({ etapa: analyticsDaily.etapa, count: sql<number>`sum(${analyticsDaily.events})::int` })
          .from(analyticsDaily)
          .where(
            and(
              ...(startDay ? [gte(analyticsDaily.day, startDay)] : []),
              ...(endDay ? [lte(analyticsDaily.day, endDay)] : []),
            ),
          )
          .groupBy(analyticsDaily.etapa)
      : [];
    const rawStart = rawFrom && (!range.start || range.start < rawFrom) ? rawFrom : range.start;
    const raw = await db
      .select({ etapa: analytics.etapa, count: sql<number>`count(*)::int` })
      .from(analytics)
      .where(and(...inRange(analytics.createdAt, { start: rawStart, end: range.end })))
      .groupBy(analytics.etapa);
    const rows = [...rolled, ...raw];
    const count = (etapa: string) =>
      rows.filter((r) => r.etapa === etapa).reduce((sum, r) => sum + Number(r.count), 0);
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
    const condition = where(filters);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(orders)
        .where(condition)
        .orderBy(order, desc(orders.id))
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize),
      db
        .select({ count: sql<number>`count(*)::int` })
        .from(orders)
        .where(condition),
    ]);
    return { rows, total: Number(total?.count ?? 0) };
  },

  async all(db: Db, filters: OrderFilters, limit: number) {
    return db.select().from(orders).where(where(filters)).orderBy(desc(orders.createdAt)).limit(limit);
  },

  async audit(db: Db, orderId: string) {
    return db
      .select()
      .from(orderAudit)
      .where(eq(orderAudit.orderId, orderId))
      .orderBy(desc(orderAudit.createdAt));
  },
};
