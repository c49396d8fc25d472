import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rowsOf } from '#server/db/rows.ts';
import { createTestDatabase } from './helpers/test-database';

// A PGlite given back by one test file is the next file's database (ADR 060): it must hold exactly the
// migrated template's rows again, and the first file's handle must stop answering.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('a lent PGlite given back', () => {
  type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;
  const texts = async (database: TestDatabase, query: ReturnType<typeof sql>) =>
    rowsOf(z.object({ row: z.string() }), await database.db.execute(query)).map((r) => r.row);
  const snapshot = async (database: TestDatabase) => ({
    catalogue: await texts(database, sql`select t::text as row from catalogue_packages t order by 1`),
    settings: await texts(database, sql`select t::text as row from shop_settings t`),
    jobs: await texts(database, sql`select count(*)::text as row from jobs`),
    nextSeq: await texts(database, sql`select nextval('payments_seq_seq')::text as row`),
  });

  it('holds the template rows again, and the old handle answers no more', async () => {
    const first = await createTestDatabase();
    const template = await snapshot(first);
    await first.db.execute(sql`update catalogue_packages set price_cents = price_cents + 1`);
    await first.db.execute(sql`delete from shop_settings`);
    await first.db.execute(
      sql`insert into jobs (kind, payload, run_at) values ('order_received_email', '{}', now())`,
    );
    await first.db.execute(sql`select set_config('impulso.left_over', 'yes', false)`);
    await first.close();
    await expect(first.db.execute(sql`select 1`)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/closed/) },
    });

    const second = await createTestDatabase();
    try {
      expect(await snapshot(second)).toEqual(template);
      const setting = sql`select coalesce(current_setting('impulso.left_over', true), '') as row`;
      expect(await texts(second, setting)).toEqual(['']);
    } finally {
      await second.close();
    }
  });
});
