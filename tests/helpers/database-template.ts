import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { openDatabase } from '#server/db/client.ts';

/**
 * One migrated database that every test file copies (docs/architecture.md#tests): a PostgreSQL template
 * database, or a PGlite data directory dumped to a file. Both are named after a hash of drizzle/ (and of the
 * PGlite version, whose data format it is), so a changed or added migration builds a new one.
 */
export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');
const root = path.resolve(import.meta.dirname, '../..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(full) : [full];
    })
    .sort();
}

export function migrationsHash(): string {
  const hash = createHash('sha256');
  const pglite = path.join(root, 'node_modules/@electric-sql/pglite/package.json');
  hash.update(JSON.parse(readFileSync(pglite, 'utf8')).version as string);
  // Bumped when slimForTests changes what the PGlite dump holds.
  hash.update('slim-1');
  for (const file of filesUnder(migrationsFolder)) {
    hash.update(path.relative(migrationsFolder, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Each test file starts its own PGlite from this dump, and a start was 1.1–1.4 s of CPU: a third of the
 * PGlite suite (docs/architecture.md#test-time). Two things in it serve no test: zeroing 128 MB of shared
 * buffers (16 MB hold a test's data), and copying the template0/template1 databases, which only
 * `create database` reads and no PGlite test runs. Without them a start is 0.4–0.6 s.
 */
async function slimForTests(client: PGlite): Promise<void> {
  await client.exec(`alter system set shared_buffers = '16MB'`);
  await client.exec(
    `update pg_database set datistemplate = false where datname in ('template0', 'template1')`,
  );
  await client.exec('drop database template0');
  await client.exec('drop database template1');
  await client.exec('checkpoint');
}

/** The dumped PGlite data directory, read into memory. */
export async function pgliteTemplate(): Promise<Blob> {
  return new Blob([readFileSync(await pgliteTemplateFile())]);
}

/**
 * The file of the dumped PGlite data directory (a tar of it), written once (a rename, so a reader never
 * sees half a file).
 */
export async function pgliteTemplateFile(): Promise<string> {
  const file = path.join(tmpdir(), 'impulso-test-db', `${migrationsHash()}.tar`);
  if (!existsSync(file)) {
    const client = new PGlite();
    await migrate(drizzle(client), { migrationsFolder });
    await slimForTests(client);
    const dump = await client.dumpDataDir('none');
    await client.close();
    mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return file;
}

/**
 * A shop's data directory holding this migrated database instead of an empty one: admin:create and a first
 * start find it migrated, 7 s of a new database's migration on disk saved (docs/architecture.md#test-time).
 */
export async function seedMigratedDataDir(dataDir: string): Promise<void> {
  const pglite = path.join(dataDir, 'pglite');
  mkdirSync(pglite, { recursive: true });
  // Its members are named from the root ('/base/…'); tar extracts them under -C and says so on stderr.
  execFileSync('tar', ['-xf', await pgliteTemplateFile(), '-C', pglite], { stdio: 'ignore' });
}

/**
 * Waits until no backend is connected to `name`: pool.end() resolves before every socket has closed, and
 * PostgreSQL refuses to rename or copy a database someone is connected to.
 */
export async function untilNoBackends(admin: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 250; i++) {
    const { rows } = await admin.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = $1',
      [name],
    );
    if (rows[0]!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Any number no other advisory lock of the app or the tests uses. */
const templateLock = 7405029;

/**
 * The name of the migrated template database, built if missing. Several vitest processes may start at
 * once: they queue on an advisory lock, and the one that builds does it under a temporary name renamed at
 * the end, so no one copies a half-migrated template (nor one still connected to, which PostgreSQL refuses).
 */
export async function postgresTemplate(adminUrl: string): Promise<string> {
  const name = `impulso_tpl_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [templateLock]);
    const { rows } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rows.length > 0) return name;
    const building = `${name}_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${building}`);
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    const database = await openDatabase({ url: url.toString(), migrationsFolder, poolSize: 1 });
    await database.migrate();
    await database.close();
    // Renaming refuses while the pool's backend is still leaving.
    await untilNoBackends(admin, building);
    try {
      await admin.query(`alter database ${building} rename to ${name}`);
    } catch (error) {
      // Another process with another admin database (so another lock) built it first.
      await admin.query(`drop database if exists ${building} with (force)`);
      if ((error as { code?: string }).code !== '42P04') throw error;
    }
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [templateLock]).catch(() => undefined);
    await admin.end();
  }
}
