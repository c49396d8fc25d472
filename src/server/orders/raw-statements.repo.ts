import { getTableColumns } from 'drizzle-orm';
import { rowFromJson } from '#server/db/json-row.ts';
import type { Db } from '#server/db/client.ts';
import { rawQuery } from '#server/db/raw-query.ts';
import { turnBatcherPerDb } from '#server/db/turn-batcher.ts';
import { orders, payments, type NewOrder, type OrderRow, type PaymentRow } from '#server/db/schema/index.ts';
import { orderColumns } from '#server/orders/hot-statements.repo.ts';

const orderSqlColumns = orderColumns.map((c) => getTableColumns(orders)[c]);
// The orders of one turn inserted in one statement (ADR 039): their rows travel as one JSON array, typed
// by the columns' own SQL types. A row whose idempotency key was used already is skipped (the replay's
// answer); the rows that went in are matched back by their purchase codes, unique per request.
const insertOrdersWithAttemptsSql = `
  with v as (
    select * from json_to_recordset($1::json) as v(
      ${orderSqlColumns.map((c) => `"${c.name}" ${c.getSQLType()}`).join(', ')},
      attempt_provider text, attempt_provider_payment_id text, attempt_method text, coupon_id uuid)
  ), o as (
    insert into orders (${orderSqlColumns.map((c) => `"${c.name}"`).join(', ')})
    select ${orderSqlColumns.map((c) => `"${c.name}"`).join(', ')} from v
    on conflict (idempotency_key) do nothing
    returning *
  ), p as (
    insert into payments (order_id, provider, provider_payment_id, method, status, amount_cents, created_at, updated_at)
    select o.id, v.attempt_provider, v.attempt_provider_payment_id, v.attempt_method, 'creating',
      o.total_cents, o.created_at, o.created_at
    from o join v on v.purchase_code = o.purchase_code
    returning *
  ), r as (
    insert into coupon_redemptions (coupon_id, idempotency_key, email, discount_cents, created_at)
    select v.coupon_id, o.idempotency_key, o.email, o.coupon_discount_cents, o.created_at
    from o join v on v.purchase_code = o.purchase_code
    where v.coupon_id is not null
    on conflict (idempotency_key) do nothing
  )
  select row_to_json(o) as "order", row_to_json(p) as payment from o join p on p.order_id = o.id`;

interface NewOrderWithAttempt {
  order: NewOrder;
  attempt: { provider: string; providerPaymentId: string; method: string };
  couponId: string | null;
}
type Inserted = { order: OrderRow; attempt: PaymentRow } | undefined;

type JsonRow = Record<string, unknown>;
const isJsonRow = (value: unknown): value is JsonRow =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
function isInsertedRow(row: unknown): row is { order: JsonRow; payment: JsonRow } {
  return isJsonRow(row) && isJsonRow(row.order) && isJsonRow(row.payment);
}

async function insertBatch(db: Db, batch: NewOrderWithAttempt[]): Promise<Inserted[]> {
  const json = JSON.stringify(
    batch.map(({ order, attempt, couponId }) => ({
      ...Object.fromEntries(orderSqlColumns.map((c, i) => [c.name, order[orderColumns[i]!] ?? null])),
      attempt_provider: attempt.provider,
      attempt_provider_payment_id: attempt.providerPaymentId,
      attempt_method: attempt.method,
      coupon_id: couponId,
    })),
  );
  const rows = await rawQuery(db, 'impulso_insert_orders_batch', insertOrdersWithAttemptsSql, [json]);
  const byCode = new Map<unknown, { order: OrderRow; attempt: PaymentRow }>();
  for (const row of rows) {
    if (!isInsertedRow(row)) throw new Error('order insert: unexpected row');
    byCode.set(row.order.purchase_code, {
      order: rowFromJson(orders, row.order),
      attempt: rowFromJson(payments, row.payment),
    });
  }
  return batch.map(({ order }) => byCode.get(order.purchaseCode));
}

const insertBatched = turnBatcherPerDb(insertBatch);

/**
 * A new order and its first payment attempt, stored together: both rows or neither (none when the
 * idempotency key was used already). With `couponId`, the use of a coupon without limits is recorded in
 * the same statement: taken first by a statement of its own, it cost a quarter of the orders per second
 * (docs/benchmarks.md). Concurrent orders share the statement (ADR 039).
 */
export function insertOrderWithAttempt(
  db: Db,
  order: NewOrder,
  attempt: NewOrderWithAttempt['attempt'],
  couponId: string | null = null,
): Promise<Inserted> {
  return insertBatched(db, { order, attempt, couponId });
}
