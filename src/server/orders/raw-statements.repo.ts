import { getTableColumns } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders, payments, type NewOrder, type OrderRow, type PaymentRow } from '../db/schema';
import { orderColumns } from './hot-statements.repo';

// Statements written as raw SQL with their own prepared names (the pg driver's `{ name, text }`): one
// round trip each, where Drizzle's builder would take two statements or rebuild the SQL per call.

type RawClient =
  | {
      totalCount: number;
      query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
    }
  | { query(text: string, params: unknown[]): Promise<{ rows: unknown[] }> };

/** A JSON row (snake_case keys, ISO timestamps) as Drizzle would have returned it. */
function fromJson<T>(table: typeof orders | typeof payments, json: Record<string, unknown>): T {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] =
      value != null && column.columnType === 'PgTimestamp' ? new Date(value as string) : (value ?? null);
  }
  return row as T;
}

const jsonColumns = new Set(['addOns', 'addOnLinks', 'address']);
const orderColumnNames = orderColumns.map((c) => getTableColumns(orders)[c].name);
const insertOrderWithAttemptSql = `
  with o as (
    insert into orders (${orderColumnNames.map((n) => `"${n}"`).join(', ')})
    values (${orderColumns.map((c, i) => `$${i + 1}${jsonColumns.has(c) ? '::jsonb' : ''}`).join(', ')})
    on conflict (idempotency_key) do nothing
    returning *
  ), p as (
    insert into payments (order_id, provider, provider_payment_id, method, status, amount_cents, created_at, updated_at)
    select id, $${orderColumns.length + 1}, $${orderColumns.length + 2}, $${orderColumns.length + 3}, 'creating',
      total_cents, created_at, created_at
    from o
    returning *
  ), r as (
    insert into coupon_redemptions (coupon_id, idempotency_key, email, discount_cents, created_at)
    select $${orderColumns.length + 4}::uuid, idempotency_key, email, coupon_discount_cents, created_at
    from o where $${orderColumns.length + 4}::uuid is not null
    on conflict (idempotency_key) do nothing
  )
  select row_to_json(o) as "order", (select row_to_json(p) from p) as payment from o`;

/**
 * A new order and its first payment attempt in one statement, one round trip: both rows or neither
 * (none when the idempotency key was used already). With `couponId`, the use of a coupon without limits
 * is recorded in the same statement: taken first by a statement of its own, it cost a quarter of the
 * orders per second (docs/benchmarks.md).
 */
export async function insertOrderWithAttempt(
  db: Db,
  order: NewOrder,
  attempt: { provider: string; providerPaymentId: string; method: string },
  couponId: string | null = null,
): Promise<{ order: OrderRow; attempt: PaymentRow } | undefined> {
  const client = (db as unknown as { $client: RawClient }).$client;
  const values = [
    ...orderColumns.map((c) => {
      const value = order[c] ?? null;
      return jsonColumns.has(c) && value !== null ? JSON.stringify(value) : value;
    }),
    attempt.provider,
    attempt.providerPaymentId,
    attempt.method,
    couponId,
  ];
  const result =
    'totalCount' in client
      ? await client.query({ name: 'impulso_insert_order_attempt', text: insertOrderWithAttemptSql, values })
      : await client.query(insertOrderWithAttemptSql, values);
  const row = result.rows[0] as
    { order: Record<string, unknown>; payment: Record<string, unknown> } | undefined;
  if (!row) return undefined;
  return {
    order: fromJson<OrderRow>(orders, row.order),
    attempt: fromJson<PaymentRow>(payments, row.payment),
  };
}

const orderGateSql = `
  with ip_hit as (
    insert into rate_limits (key, window_start, hits) values ($1, $2::timestamptz, 1)
    on conflict (key, window_start) do update set hits = rate_limits.hits + 1
    returning hits
  ), email_hit as (
    insert into rate_limits (key, window_start, hits) values ($3, $4::timestamptz, 1)
    on conflict (key, window_start) do update set hits = rate_limits.hits + 1
    returning hits
  )
  select (select hits from ip_hit) as "ipHits", (select hits from email_hit) as "emailHits",
    (select count(*)::int from (
      select 1 from orders
      where email = $5 and created_at >= $4::timestamptz and payment_status <> 'unpaid'
      limit 1000) settled) as "paid"`;

/**
 * The new-order abuse limits in one prepared round trip (issue 9 §4): counts the order on the IP's window
 * and on the e-mail's hour, and counts the e-mail's orders of that hour already paid. Each concurrent
 * request gets its own count from the upsert, so a burst cannot pass the cap (issue 24 §4: reading the
 * unpaid orders first let 9 of 40 simultaneous orders through a cap of 5). Built with the query builder
 * per order, the checks halved orders/s (docs/benchmarks.md).
 */
export async function orderGate(
  db: Db,
  ip: { key: string; windowStart: Date },
  email: { key: string; address: string; windowStart: Date },
): Promise<{ ipHits: number; emailHits: number; paid: number }> {
  const client = (db as unknown as { $client: RawClient }).$client;
  const values = [
    ip.key,
    ip.windowStart.toISOString(),
    email.key,
    email.windowStart.toISOString(),
    email.address,
  ];
  const result =
    'totalCount' in client
      ? await client.query({ name: 'impulso_order_gate', text: orderGateSql, values })
      : await client.query(orderGateSql, values);
  return result.rows[0] as { ipHits: number; emailHits: number; paid: number };
}
