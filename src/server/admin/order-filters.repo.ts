import { and, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { normalisePurchaseCode, type OrderStatus } from '../../shared/orders';
import { analytics, orders } from '../db/schema';
import type { Range } from './periods';

export interface OrderFilters {
  range: Range;
  q?: string | undefined;
  status?: OrderStatus | undefined;
}

export const inRange = (column: typeof orders.createdAt | typeof analytics.createdAt, range: Range) =>
  [range.start ? gte(column, range.start) : undefined, range.end ? lt(column, range.end) : undefined].filter(
    (c): c is SQL => c !== undefined,
  );

/** The panel's filters on orders: period, status and text (handle, name, e-mail, purchase code, id prefix). */
export function orderConditions(filters: OrderFilters): SQL[] {
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
  return conditions;
}

export function orderWhere(filters: OrderFilters): SQL | undefined {
  const conditions = orderConditions(filters);
  return conditions.length ? and(...conditions) : undefined;
}
