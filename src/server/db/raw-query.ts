import type { Db } from './client.ts';

type RawClient =
  | {
      totalCount: number;
      query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
    }
  | { query(text: string, params: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * One raw statement, one round trip. On PostgreSQL it is prepared under `name` (the pg driver's
 * `{ name, text }`: parsed and planned once per connection); PGlite takes the text. For the order path's
 * statements, where Drizzle's builder would take two statements or rebuild the SQL per call.
 */
export async function rawQuery(db: Db, name: string, text: string, values: unknown[]): Promise<unknown[]> {
  const client = (db as unknown as { $client: RawClient }).$client;
  const result =
    'totalCount' in client ? await client.query({ name, text, values }) : await client.query(text, values);
  return result.rows;
}
