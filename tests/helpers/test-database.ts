import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '#server/db/client.ts';
import { migrationsFolder, postgresTemplate, untilNoBackends } from './database-template';
import { lendPglite } from './pglite-lender';

/**
 * A fresh, migrated database for one test file: an in-memory PGlite holding the migrated template's rows
 * (lent, and given back on close: ADR 060), or a new PostgreSQL database when TEST_DATABASE_URL is set (CI
 * sets it), dropped again on close. Each is a copy of one database migrated once per change of drizzle/
 * (tests/helpers/database-template.ts), not migrated again here.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return lendPglite();
  const template = await postgresTemplate(adminUrl);
  const name = `impulso_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), migrationsFolder, poolSize: 5 });
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await untilNoBackends(cleanup, name);
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
