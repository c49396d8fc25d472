import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders, type NewOrder, type OrderRow, type PaymentRow } from '../db/schema';
import { turnBatcher } from '#server/db/turn-batcher.ts';
import { rawQuery } from '#server/db/raw-query.ts';

// Statements of the order path. The order insert (a replayed or WhatsApp order) is prepared once per
// database: Drizzle builds its SQL once and PostgreSQL parses and plans it once per connection
// (docs/benchmarks.md); the PIX answers are stored in batches.

const p = (name: string) => sql.placeholder(name);

export const orderColumns = [
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
  'couponCode',
  'couponDiscountCents',
  'pixDiscountCents',
  'name',
  'email',
  'whatsapp',
  'whatsappConsentAt',
  'cpf',
  'companyCnpj',
  'companyName',
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
  const orderValues: Record<string, unknown> = Object.fromEntries(orderColumns.map((c) => [c, p(c)]));
  // A nullable timestamp: Drizzle maps a placeholder's Date itself and fails on null, so it goes as text.
  orderValues.whatsappConsentAt = sql`${p('whatsappConsentAt')}::timestamptz`;
  return {
    insertOrder: db
      .insert(orders)
      .values(orderValues as unknown as NewOrder)
      .onConflictDoNothing({ target: orders.idempotencyKey })
      .returning()
      .prepare('impulso_insert_order'),
  };
}

/**
 * One statement for the provider answers of every PIX attempt waiting in this turn (storePix below).
 * The planner takes any set-returning function for 100 rows, so with the join alone it found scanning
 * the whole table cheaper than 100 key lookups until the table was large (bench/soak.mjs: 176 scans a
 * second while payments grew to 15,000 rows, p50 11 → 157 ms in five minutes). The ids, as an array
 * parameter, tell it how many rows there are; not prepared, so each plan sees them. Raw SQL: built by the
 * query builder per batch, it was a few per cent of an order's CPU.
 */
export function storePixStatement(batch: Array<{ id: string }>): { text: string; values: unknown[] } {
  return {
    text: `update payments set provider_payment_id = v.provider_payment_id, status = v.status,
        pix_payload = v.pix_payload, pix_image_base64 = v.pix_image_base64, expires_at = v.expires_at,
        updated_at = v.updated_at
      from json_to_recordset($1::json) as v(id uuid, provider_payment_id text, status text, pix_payload text,
        pix_image_base64 text, expires_at timestamptz, updated_at timestamptz)
      where payments.id = any($2::uuid[]) and payments.id = v.id
      returning payments.id`,
    values: [JSON.stringify(batch), `{${batch.map((row) => row.id).join(',')}}`],
  };
}

type PixFields = Pick<
  PaymentRow,
  'providerPaymentId' | 'status' | 'pixPayload' | 'pixImageBase64' | 'expiresAt' | 'updatedAt'
>;

/**
 * Stores PIX answers in batches: the calls made in one turn of the event loop share one UPDATE (ADR 039).
 * At a burst of orders this second round trip per order was a third of the pg driver's syscalls;
 * batched, 1,648–1,656 orders/s instead of 1,481–1,539 on PostgreSQL and 722–730/s instead of 452/s on
 * PGlite (docs/benchmarks.md, decision 013).
 */
function pixBatcher(db: Db) {
  return turnBatcher(async (batch: Array<{ attempt: PaymentRow; pix: PixFields }>) => {
    const statement = storePixStatement(
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
    const rows = await rawQuery(db, undefined, statement.text, statement.values);
    const stored = new Set(
      rows.map((row) => (typeof row === 'object' && row && 'id' in row ? row.id : null)),
    );
    // The stored row is the attempt with the answer's fields (nothing else changes it), so only ids
    // come back: parsing whole rows cost a fifth of the gain.
    return batch.map(({ attempt, pix }) =>
      stored.has(attempt.id) ? { ...attempt, ...pix } : new Error(`payment ${attempt.id} not found`),
    );
  });
}

function prepareAll(db: Db) {
  return { ...prepare(db), storePixBatched: pixBatcher(db) };
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
      values.whatsappConsentAt = order.whatsappConsentAt?.toISOString() ?? null;
      const [row] = await statements.insertOrder.execute(values);
      return row;
    },
    /** The attempt as stored with the provider's PIX answer. */
    storePix(attempt: PaymentRow, pix: PixFields): Promise<PaymentRow> {
      return statements.storePixBatched({ attempt, pix });
    },
  };
}
