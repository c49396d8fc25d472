import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openDatabase, type Database } from '#server/db/client.ts';

// Several connections at once need a real PostgreSQL; CI sets TEST_DATABASE_URL.
const describePg = process.env.TEST_DATABASE_URL ? describe : describe.skip;
const migrationsFolder = path.resolve(import.meta.dirname, '../drizzle');
const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};

describePg('migrations (PostgreSQL)', () => {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `impulso_m_${randomBytes(6).toString('hex')}`;
  const opened: Database[] = [];

  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close()));
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('three instances starting together on an empty database all come up', async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    for (let i = 0; i < 3; i++) opened.push(await openDatabase({ url: url.toString(), migrationsFolder }));
    await expect(Promise.all(opened.map((d) => d.migrate()))).resolves.toBeDefined();
    const check = new pg.Client({ connectionString: url.toString() });
    await check.connect();
    const { rows } = await check.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    await check.end();
    // Each migration of the journal applied once.
    expect(rows[0].n).toBe(journal.entries.length);
  });
});
