import { getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  orders,
  payments,
  type NewOrder,
  type NewPayment,
  type OrderRow,
  type PaymentRow,
} from '../db/schema';

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
    // One statement for the provider answers of every PIX attempt waiting in this turn (storePix below).
    storePix: db
      .update(payments)
      .set({
        providerPaymentId: sql`v.provider_payment_id`,
        status: sql`v.status`,
        pixPayload: sql`v.pix_payload`,
        pixImageBase64: sql`v.pix_image_base64`,
        expiresAt: sql`v.expires_at`,
        updatedAt: sql`v.updated_at`,
      })
      .from(
        sql`json_to_recordset(${p('batch')}::json) as v(id uuid, provider_payment_id text, status text, pix_payload text, pix_image_base64 text, expires_at timestamptz, updated_at timestamptz)`,
      )
      .where(sql`${payments.id} = v.id`)
      .returning({ id: payments.id })
      .prepare('impulso_store_pix'),
  };
}

type PixFields = Pick<
  PaymentRow,
  'providerPaymentId' | 'status' | 'pixPayload' | 'pixImageBase64' | 'expiresAt' | 'updatedAt'
>;

interface WaitingPix {
  attempt: PaymentRow;
  pix: PixFields;
  resolve: (row: PaymentRow) => void;
  reject: (error: unknown) => void;
}

/**
 * Stores PIX answers in batches: the calls made in one turn of the event loop share one UPDATE (an
 * app-level group commit). At a burst of orders this second round trip per order was a third of the pg
 * driver's syscalls; batched, 1,648–1,656 orders/s instead of 1,481–1,539 on PostgreSQL and 722–730/s
 * instead of 452/s on PGlite (docs/benchmarks.md, decision 013). Each caller still waits for the commit
 * that holds its row, so nothing is answered before it is stored.
 */
function pixBatcher(statement: ReturnType<typeof prepare>['storePix']) {
  let waiting: WaitingPix[] = [];
  async function flush() {
    const batch = waiting;
    waiting = [];
    try {
      const json = JSON.stringify(
        batch.map(({ attempt, pix }) => ({
          id: attempt.id,
          provider_payment_id: pix.providerPaymentId,
          status: pix.status,
          pix_payload: pix.pixPayload,
          pix_image_base64: pix.pixImageBase64,
          expires_at: pix.expiresAt,
          updated_at: pix.updatedAt,
        })),
      );
      const rows = (await statement.execute({ batch: json })) as Array<{ id: string }>;
      const stored = new Set(rows.map((row) => row.id));
      // The stored row is the attempt with the answer's fields (nothing else changes it), so only ids
      // come back: parsing whole rows cost a fifth of the gain.
      for (const { attempt, pix, resolve, reject } of batch) {
        if (stored.has(attempt.id)) resolve({ ...attempt, ...pix });
        else reject(new Error(`payment ${attempt.id} not found`));
      }
    } catch (error) {
      for (const { reject } of batch) reject(error);
    }
  }
  return (attempt: PaymentRow, pix: PixFields) =>
    new Promise<PaymentRow>((resolve, reject) => {
      if (waiting.push({ attempt, pix, resolve, reject }) === 1) setImmediate(() => void flush());
    });
}

function prepareAll(db: Db) {
  const statements = prepare(db);
  return { ...statements, storePixBatched: pixBatcher(statements.storePix) };
}

const cache = new WeakMap<Db, ReturnType<typeof prepareAll>>();

export function hotStatements(db: Db) {
  let statements = cache.get(db);
  if (!statements) {
    statements = prepareAll(db);
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
    /** The attempt as stored with the provider's PIX answer. */
    storePix(attempt: PaymentRow, pix: PixFields): Promise<PaymentRow> {
      return statements.storePixBatched(attempt, pix);
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

const orderGateSql = `
  with hit as (
    insert into rate_limits (key, window_start, hits) values ($1, $2::timestamptz, 1)
    on conflict (key, window_start) do update set hits = rate_limits.hits + 1
    returning hits
  )
  select (select hits from hit) as "ipHits",
    (select count(*)::int from (
      select 1 from orders
      where email = $3 and created_at > $4::timestamptz and payment_status = 'unpaid'
      limit $5) recent) as "unpaid"`;

/**
 * The new-order abuse limits in one prepared round trip (issue 9 §4): counts the order on the IP's window
 * and counts the e-mail's recent unpaid orders up to `cap`. Built with the query builder per order, the
 * two checks halved orders/s (docs/benchmarks.md).
 */
export async function orderGate(
  db: Db,
  ip: { key: string; windowStart: Date },
  email: { address: string; since: Date; cap: number },
): Promise<{ ipHits: number; unpaid: number }> {
  const client = (db as unknown as { $client: RawClient }).$client;
  const values = [ip.key, ip.windowStart.toISOString(), email.address, email.since.toISOString(), email.cap];
  const result =
    'totalCount' in client
      ? await client.query({ name: 'impulso_order_gate', text: orderGateSql, values })
      : await client.query(orderGateSql, values);
  return result.rows[0] as { ipHits: number; unpaid: number };
}
