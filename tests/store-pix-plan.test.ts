import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf } from '#server/db/rows.ts';
import { storePixStatement } from '#server/orders/hot-statements.repo.ts';
import { createTestApp, type TestApp } from './helpers/test-app';
import { placeOrder } from './helpers/order-request';

// bench/soak.mjs found the batched PIX update scanning the whole payments table for every batch (the
// planner took its JSON rows for 100): p50 of an order 11 → 157 ms in five minutes at 300 orders/s.
// Whatever the table's size or statistics, it must find its rows by primary key.

type RawQuery = {
  query(text: string, params: unknown[]): Promise<{ rows: Array<{ 'QUERY PLAN': unknown }> }>;
};

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('the PIX answers of a batch are stored by primary key, not by scanning the payments table', async () => {
  for (let i = 0; i < 3; i++) expect((await placeOrder(app)).statusCode).toBe(201);
  const ids = rowsOf(
    z.object({ id: z.string() }),
    await app.database.db.execute(sql`select id from payments`),
  ).map((payment) => payment.id);
  // A shop some days old: a few thousand earlier attempts, never analysed (autovacuum may be off).
  await app.database.db.execute(sql`
    insert into payments (order_id, provider, provider_payment_id, method, status, amount_cents)
    select order_id, provider, 'seed-' || i, method, 'failed', amount_cents
    from (select * from payments limit 1) p, generate_series(1, 3000) i`);

  const batch = ids.map((id) => ({ id, status: 'pending' }));
  const statement = storePixStatement(batch);
  // The database's own client (PGlite or pg), which both take a text and its parameters.
  const client = (app.database.db as unknown as { $client: RawQuery }).$client;
  const [row] = (await client.query(`explain (format json) ${statement.text}`, statement.values)).rows;
  const plan = JSON.stringify(row!['QUERY PLAN']);
  expect(plan).toContain('payments_pkey');
  expect(plan).not.toContain('Seq Scan');
});
