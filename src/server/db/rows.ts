import { z } from 'zod';

/**
 * The rows of a raw `db.execute(sql…)`, checked against the statement's row schema (both drivers answer
 * `{ rows }`): a column that is not what the repository expects fails here, at the query, instead of
 * travelling on under a type it does not have.
 */
export function rowsOf<S extends z.ZodType>(row: S, result: unknown): Array<z.output<S>> {
  const rows = typeof result === 'object' && result !== null && 'rows' in result ? result.rows : undefined;
  return z.array(row).parse(rows);
}

/**
 * A bigint or numeric column (count(*), sum(…)): node-postgres answers the text, PGlite a number for a
 * bigint (a JavaScript bigint past 2^53) and the text for a numeric. Callers take Number() of it.
 */
export const bigNumber = z.union([z.string(), z.number(), z.bigint()]);

/** A timestamp of a raw statement: Drizzle has both drivers hand it over as PostgreSQL's text. */
export const rawTimestamp = z.string();
