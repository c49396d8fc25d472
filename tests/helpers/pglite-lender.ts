import { PGlite } from '@electric-sql/pglite';
import { pgliteDatabase, type Database } from '#server/db/client.ts';
import { migrationsFolder, pgliteTemplate } from './database-template';

/**
 * A PGlite for one test file, lent from the ones this worker has opened and given back on close with the
 * migrated template's rows again (ADR 060). Opening one from the template cost about a quarter of a
 * second of CPU (the WebAssembly instance, the tar unpacked into its file system, PostgreSQL's start),
 * a sixth of the integration files' CPU; putting the rows back, 10–40 ms.
 */
const idle: PGlite[] = [];

interface TemplateState {
  /** The tables the migrations filled (the catalogue, the shop's settings), as JSON rows to put back. */
  seeded: Array<{ table: string; rows: string }>;
  sequences: Array<{ name: string; lastValue: string | null }>;
}
let templateState: Promise<TemplateState> | undefined;

/** The app's tables that have ever held a row (their file is not empty). */
async function writtenTables(client: PGlite): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
     where schemaname = 'public' and pg_relation_size(format('%I.%I', schemaname, tablename)) > 0
     order by 1`,
  );
  return rows.map((row) => row.name);
}

async function readTemplateState(client: PGlite): Promise<TemplateState> {
  const seeded: TemplateState['seeded'] = [];
  for (const table of await writtenTables(client)) {
    const { rows } = await client.query<{ rows: string | null }>(
      `select json_agg(t)::text as rows from ${table} t`,
    );
    if (rows[0]?.rows) seeded.push({ table, rows: rows[0].rows });
  }
  const sequences = (
    await client.query<{ name: string; lastValue: string | null }>(
      `select format('%I.%I', schemaname, sequencename) as name, last_value::text as "lastValue"
       from pg_sequences where schemaname = 'public'`,
    )
  ).rows;
  return { seeded, sequences };
}

/**
 * Back to the template's rows. DISCARD ALL drops what a file left on the session (advisory locks, settings,
 * temporary tables). Only the tables that ever held a row are truncated (a TRUNCATE makes new files: the 43
 * tables at once took 150 ms); truncated rather than deleted from, so the next file's rows come back from a
 * scan in the order they were written, as from a new database (a DELETE leaves slots that new rows reuse).
 */
async function resetToTemplate(client: PGlite, state: TemplateState): Promise<void> {
  await client.exec('discard all');
  const written = await writtenTables(client);
  if (written.length > 0) await client.exec(`truncate ${written.join(', ')} restart identity cascade`);
  for (const { table, rows } of state.seeded) {
    await client.query(
      `insert into ${table} overriding system value select * from json_populate_recordset(null::${table}, $1)`,
      [rows],
    );
  }
  for (const { name, lastValue } of state.sequences) {
    await client.query(
      lastValue === null ? `select setval($1, 1, false)` : `select setval($1, $2::bigint, true)`,
      lastValue === null ? [name] : [name, lastValue],
    );
  }
}

/**
 * The lent client stops answering once given back, as a closed PGlite would: a query a file's app still
 * sends after its close (a job, a poller) fails instead of reading or writing the next file's rows.
 */
function lease(client: PGlite): { client: PGlite; end(): void } {
  let lent = true;
  const proxy = new Proxy(client, {
    get(target, property) {
      if (!lent) throw new Error('PGlite: this test database was closed');
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { client: proxy, end: () => void (lent = false) };
}

export async function lendPglite(): Promise<Database> {
  const client = idle.pop() ?? new PGlite({ loadDataDir: await pgliteTemplate() });
  templateState ??= readTemplateState(client);
  const state = await templateState;
  const lent = lease(client);
  let returned: Promise<void> | undefined;
  return pgliteDatabase(lent.client, migrationsFolder, () => {
    returned ??= (async () => {
      lent.end();
      await resetToTemplate(client, state);
      idle.push(client);
    })();
    return returned;
  });
}
