import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

/** The common type of both drivers: repositories are written once against it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The database or an open transaction: repositories run inside the service's transaction. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The connections this instance may open, and (PostgreSQL) how many are busy and how many queries wait. */
  poolStats(): PoolStats;
}

export interface PoolStats {
  max: number;
  inUse?: number;
  waiting?: number;
}

export interface DatabaseOptions {
  /** postgres://… to use PostgreSQL; otherwise PGlite. */
  url?: string | undefined;
  /** PGlite data directory; undefined keeps the database in memory (tests). */
  dataDir?: string | undefined;
  /** A PGlite data directory as `dumpDataDir()` wrote it, to start from (tests copy one migrated database). */
  loadDataDir?: Blob | undefined;
  migrationsFolder: string;
  poolSize?: number;
}

/** Advisory lock held while migrating (any number that no other lock of the app uses). */
const migrationLock = 7405002;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const { migrationsFolder } = options;
  if (options.url) {
    const max = options.poolSize ?? 10;
    const pool = new pg.Pool({ connectionString: options.url, max });
    // A connection the server terminates (restart, failover, shutdown) emits 'error' on its client; the
    // pool stops listening once a client leaves it, and an unheard 'error' would crash the process.
    // Queries in flight still receive their own errors.
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: async () => {
        // Instances started together (a deploy, a cluster) would race on the same DDL: one migrates
        // under a session lock, the others wait for it and then find nothing left to do.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [migrationLock]);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [migrationLock]).catch(() => undefined);
          client.release();
        }
      },
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
      poolStats: () => ({ max, inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  return pgliteDatabase(client, migrationsFolder, () => client.close());
}

/**
 * The app's database over an open PGlite. `close` is the caller's: the tests lend one PGlite to file
 * after file and take it back on close (tests/helpers/pglite-lender.ts, ADR 060).
 */
export function pgliteDatabase(
  client: PGlite,
  migrationsFolder: string,
  close: () => Promise<void>,
): Database {
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => void (await client.query('select 1')),
    close,
    // One connection, whose queue PGlite keeps to itself.
    poolStats: () => ({ max: 1 }),
  };
}
