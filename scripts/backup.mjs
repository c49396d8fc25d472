// `npm run backup`: a copy of the shop's database in BACKUP_DIR (default ./backups), named by the time.
// PostgreSQL (DATABASE_URL): `pg_dump --format=custom`, taken while the shop runs (one consistent
// snapshot). PGlite (DATA_DIR, default ./data): the data directory as a gzipped tarball made by PGlite
// itself; PGlite is one process's database, so the shop must be stopped for it (docs/operations.md).
// Prints the file written.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const backupDir = path.resolve(process.env.BACKUP_DIR || 'backups');
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
mkdirSync(backupDir, { recursive: true });

if (process.env.DATABASE_URL) {
  const file = path.join(backupDir, `impulso-${stamp}.dump`);
  const dump = spawnSync(
    'pg_dump',
    ['--format=custom', '--no-owner', `--file=${file}`, process.env.DATABASE_URL],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  if (dump.status !== 0) process.exit(dump.status ?? 1);
  console.log(file);
} else {
  const dataDir = path.resolve(process.env.DATA_DIR || 'data', 'pglite');
  let db;
  try {
    db = await PGlite.create(dataDir);
  } catch (error) {
    console.error(`O banco em ${dataDir} não abriu (a loja está rodando? pare-a antes): ${error}`);
    process.exit(1);
  }
  const tarball = await db.dumpDataDir('gzip');
  await db.close();
  const file = path.join(backupDir, `impulso-${stamp}.pglite.tar.gz`);
  writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
  console.log(file);
}
