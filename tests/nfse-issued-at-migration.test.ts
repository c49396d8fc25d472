import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { asc, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '#server/db/client.ts';
import { invoices } from '#server/db/schema/index.ts';

// Migration 0030 (invoices.issued_at): an invoice authorised before it takes its last update, which was
// that move; the others have none. A database at 0029 with invoices is migrated on, on PGlite or, when
// TEST_DATABASE_URL is set, on PostgreSQL.

const migrations = path.resolve(import.meta.dirname, '../drizzle');
const scratch = mkdtempSync(path.join(tmpdir(), 'impulso-0030-'));
const before0030 = path.join(scratch, 'drizzle');
cpSync(migrations, before0030, { recursive: true });
const journalFile = path.join(before0030, 'meta/_journal.json');
const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
const at0030 = journal.entries.findIndex((e) => e.tag.startsWith('0030_'));
writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at0030) }));

const adminUrl = process.env.TEST_DATABASE_URL;
const name = `impulso_m30_${randomBytes(6).toString('hex')}`;
async function admin(query: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(query);
  await client.end();
}
/** The same database each time: a PGlite directory, or a PostgreSQL database of this file's own. */
function open(migrationsFolder: string): Promise<Database> {
  if (!adminUrl) return openDatabase({ dataDir: path.join(scratch, 'data'), migrationsFolder });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return openDatabase({ url: url.toString(), migrationsFolder, poolSize: 2 });
}
afterAll(async () => {
  if (adminUrl) await admin(`drop database if exists ${name} with (force)`);
  rmSync(scratch, { recursive: true, force: true });
});

it('gives an invoice AUTHORIZED before it its last update as its issue, and no other one', async () => {
  if (adminUrl) await admin(`create database ${name}`);
  const old = await open(before0030);
  await old.migrate();
  const authorizedAt = '2026-11-20T13:05:00Z';
  const rows = [
    { id: randomUUID(), status: 'AUTHORIZED', updatedAt: authorizedAt },
    { id: randomUUID(), status: 'ERROR', updatedAt: '2026-11-20T13:06:00Z' },
    { id: randomUUID(), status: 'SYNCHRONIZED', updatedAt: '2026-11-20T13:07:00Z' },
  ];
  for (const [i, row] of rows.entries()) {
    const orderId = randomUUID();
    await old.db.execute(sql`
      insert into orders (id, purchase_code, service, quantity, instagram, package_cents, add_ons_cents,
        total_cents, name, email, whatsapp, cpf, status, payment_status, payment_method, idempotency_key,
        request_hash)
      values (${orderId}, ${`M30${i}`}, 'followers', 1000, 'loja', 8590, 0, 8590, 'Ana', 'ana@exemplo.com',
        '11912345678', '52998224725', 'processando', 'paid', 'pix', ${randomUUID()}, 'h')`);
    await old.db.execute(sql`
      insert into invoices (id, order_id, status, value_cents, created_at, updated_at)
      values (${row.id}, ${orderId}, ${row.status}, 8590, '2026-11-20T13:00:00Z', ${row.updatedAt})`);
  }
  await old.close();

  const migrated = await open(migrations);
  await migrated.migrate();
  const after = await migrated.db
    .select({ status: invoices.status, issuedAt: invoices.issuedAt })
    .from(invoices)
    .orderBy(asc(invoices.updatedAt));
  await migrated.close();
  expect(after).toEqual([
    { status: 'AUTHORIZED', issuedAt: new Date(authorizedAt) },
    { status: 'ERROR', issuedAt: null },
    { status: 'SYNCHRONIZED', issuedAt: null },
  ]);
});
