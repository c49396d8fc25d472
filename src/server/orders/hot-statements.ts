import { eq, sql } from 'drizzle-orm';
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
      const [row] = (await statements.insertAttempt.execute(payment as Record<string, unknown>)) as PaymentRow[];
      return row!;
    },
    async storePix(
      id: string,
      pix: Pick<PaymentRow, 'providerPaymentId' | 'status' | 'pixPayload' | 'pixImageBase64' | 'expiresAt' | 'updatedAt'>,
    ): Promise<PaymentRow> {
      const [row] = (await statements.storePix.execute({ id, ...pix })) as PaymentRow[];
      return row!;
    },
  };
}
