import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders, payments } from '../db/schema';
import type { NewOrder, NewPayment, OrderRow, PaymentRow } from './orders.repo';

// The three statements every new PIX order runs, prepared once per database: Drizzle builds their SQL
// once and PostgreSQL parses and plans them once per connection (docs/benchmarks.md).

const p = (name: string) => sql.placeholder(name);

const orderColumns = [
  'purchaseCode',
  'service',
  'planId',
  'quantity',
  'instagram',
  'postLink',
  'addOns',
  'addOnLinks',
  'packageCents',
  'addOnsCents',
  'totalCents',
  'name',
  'email',
  'whatsapp',
  'cpf',
  'address',
  'status',
  'paymentStatus',
  'paymentMethod',
  'installments',
  'subscriptionId',
  'userId',
  'idempotencyKey',
  'requestHash',
  'createdAt',
  'updatedAt',
] as const satisfies ReadonlyArray<keyof NewOrder>;

function prepare(db: Db) {
  const orderValues = Object.fromEntries(orderColumns.map((c) => [c, p(c)]));
  return {
    insertOrder: db
      .insert(orders)
      .values(orderValues as unknown as NewOrder)
      .onConflictDoNothing({ target: orders.idempotencyKey })
      .returning()
      .prepare('impulso_insert_order'),
    insertAttempt: db
      .insert(payments)
      .values({
        orderId: p('orderId'),
        provider: p('provider'),
        providerPaymentId: p('providerPaymentId'),
        method: p('method'),
        status: p('status'),
        amountCents: p('amountCents'),
      } as unknown as NewPayment)
      .returning()
      .prepare('impulso_insert_attempt'),
    storePix: db
      .update(payments)
      .set({
        providerPaymentId: p('providerPaymentId'),
        status: p('status'),
        pixPayload: p('pixPayload'),
        pixImageBase64: p('pixImageBase64'),
        expiresAt: p('expiresAt'),
        updatedAt: p('updatedAt'),
      } as unknown as Partial<NewPayment>)
      .where(eq(payments.id, p('id')))
      .returning()
      .prepare('impulso_store_pix'),
  };
}

const cache = new WeakMap<Db, ReturnType<typeof prepare>>();

export function hotStatements(db: Db) {
  let statements = cache.get(db);
  if (!statements) {
    statements = prepare(db);
    cache.set(db, statements);
  }
  return {
    async insertOrder(order: NewOrder): Promise<OrderRow | undefined> {
      const values = Object.fromEntries(orderColumns.map((c) => [c, order[c] ?? null]));
      const [row] = (await statements.insertOrder.execute(values)) as OrderRow[];
      return row;
    },
    async insertAttempt(payment: NewPayment): Promise<PaymentRow> {
      const [row] = (await statements.insertAttempt.execute(
        payment as Record<string, unknown>,
      )) as PaymentRow[];
      return row!;
    },
    async storePix(
      id: string,
      pix: Pick<
        PaymentRow,
        'providerPaymentId' | 'status' | 'pixPayload' | 'pixImageBase64' | 'expiresAt' | 'updatedAt'
      >,
    ): Promise<PaymentRow> {
      const [row] = (await statements.storePix.execute({ id, ...pix })) as PaymentRow[];
      return row!;
    },
  };
}

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
    select id, $${orderColumns.length + 1}, $${orderColumns.length + 2}, $${orderColumns.length + 3}, 'CREATING',
      total_cents, created_at, created_at
    from o
    returning *
  )
  select row_to_json(o) as "order", (select row_to_json(p) from p) as payment from o`;

/**
 * A new order and its first payment attempt in one statement, one round trip: both rows or neither
 * (none when the idempotency key was used already).
 */
export async function insertOrderWithAttempt(
  db: Db,
  order: NewOrder,
  attempt: { provider: string; providerPaymentId: string; method: string },
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
