// `npm run restore -- <file>`: puts a backup of `npm run backup` back. PostgreSQL (DATABASE_URL): into that
// database, which must be empty (a new one: `createdb`), with pg_restore. PGlite (DATA_DIR): into
// DATA_DIR/pglite, which must not exist yet. Never overwrites a database that holds a shop.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const file = process.argv[2];
if (!file || !existsSync(file)) {
  console.error('Uso: npm run restore -- <arquivo de backup>');
  process.exit(1);
}

if (process.env.DATABASE_URL) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const { rows } = await client.query(
    "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
  );
  await client.end();
  if (rows[0].n > 0) {
    console.error(
      'O banco de destino já tem tabelas: restaure num banco novo (createdb) e aponte DATABASE_URL para ele.',
    );
    process.exit(1);
  }
  const restore = spawnSync(
    'pg_restore',
    ['--no-owner', '--exit-on-error', `--dbname=${process.env.DATABASE_URL}`, file],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  process.exit(restore.status ?? 1);
} else {
  const dataDir = path.resolve(process.env.DATA_DIR || 'data', 'pglite');
  if (existsSync(dataDir)) {
    console.error(`${dataDir} já existe: restaure num DATA_DIR novo (ou mova o atual) antes.`);
    process.exit(1);
  }
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const db = await PGlite.create({ dataDir, loadDataDir: new Blob([readFileSync(file)]) });
  await db.query('select 1');
  await db.close();
  console.log(dataDir);
}
