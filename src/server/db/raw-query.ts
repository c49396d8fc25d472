import type { Db } from './client.ts';

interface TextQuery {
  query(text: string, params: unknown[]): Promise<{ rows: unknown[] }>;
}
type RawClient =
  | {
      totalCount: number;
      query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
    }
  | TextQuery;

/**
 * One raw statement, one round trip, for the order path, where Drizzle's builder would take two
 * statements or rebuild the SQL per call. With a `name`, PostgreSQL prepares it (the pg driver's
 * `{ name, text }`: parsed and planned once per connection); without one, or on PGlite, it is planned with
 * its parameters each time.
 */
export async function rawQuery(
  db: Db,
  name: string | undefined,
  text: string,
  values: unknown[],
): Promise<unknown[]> {
  const client = (db as unknown as { $client: RawClient }).$client;
  const result =
    'totalCount' in client && name !== undefined
      ? await client.query({ name, text, values })
      : await (client as TextQuery).query(text, values);
  return result.rows;
}
