import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { ordersRollupRepo } from '#server/admin/orders-rollup.repo.ts';
import { createTestDatabase } from './helpers/test-database';

// Two sessions at once need a real PostgreSQL (PGlite is one connection); CI sets TEST_DATABASE_URL.
const describePg = process.env.TEST_DATABASE_URL ? describe : describe.skip;

describePg('orders rollup against concurrent writers (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let writer: pg.Client;
  let watcher: pg.Client;
  const now = new Date('2026-11-20T15:00:00Z');
  const insertOrder = (client: pg.Client, createdAt: string, cents: number) =>
    client.query(
      `insert into orders (purchase_code, service, quantity, instagram, package_cents, add_ons_cents,
         total_cents, name, email, whatsapp, cpf, status, payment_status, payment_method,
         idempotency_key, request_hash, created_at)
       values (upper(substr(md5(random()::text), 1, 8)), 'followers', 1000, 'perfil', $2, 0, $2, 'Cliente',
         'c@exemplo.com', '11912345678', '52998224725', 'pendente', 'unpaid', 'pix', gen_random_uuid()::text,
         'h', $1)`,
      [createdAt, cents],
    );
  const counted = async () =>
    Number((await writer.query('select coalesce(sum(total_cents), 0) as s from orders')).rows[0].s);
  const shown = async () =>
    (await ordersRollupRepo.totals(database.db, { range: { start: null, end: null } })).totalCents;

  beforeAll(async () => {
    database = await createTestDatabase();
    writer = new pg.Client({ connectionString: database.url });
    await writer.connect();
    watcher = new pg.Client({ connectionString: database.url });
    await watcher.connect();
  });
  afterAll(async () => {
    await watcher.end();
    await writer.end();
    await database.close();
  });

  it('waits for an insert into a day being rolled up, and counts it once', async () => {
    await insertOrder(writer, '2026-11-18T12:00:00Z', 1000);
    await writer.query('begin');
    await insertOrder(writer, '2026-11-19T12:00:00Z', 2000); // yesterday in São Paulo, not committed
    let finished = false;
    const pass = ordersRollupRepo.rollUp(database.db, now).then(() => (finished = true));
    // The pass waits on a lock the uncommitted insert holds.
    await vi.waitFor(
      async () => {
        const { rows } = await watcher.query(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
        );
        expect(rows[0].n).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 20 },
    );
    expect(finished).toBe(false);
    await writer.query('commit');
    await pass;
    expect(await shown()).toBe(3000);
    expect(await counted()).toBe(3000);
  });

  it('keeps a rolled day exact when an insert and an update into it race with the reads', async () => {
    await Promise.all([
      insertOrder(writer, '2026-11-17T12:00:00Z', 500),
      writer.query(`update orders set total_cents = 2500 where total_cents = 2000`),
    ]);
    expect(await shown()).toBe(await counted());
    expect(await counted()).toBe(4000);
  });
});
