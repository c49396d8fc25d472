import type { Db } from '#server/db/client.ts';
import { rawQuery } from '#server/db/raw-query.ts';
import { turnBatcherPerDb } from '#server/db/turn-batcher.ts';

interface Hit {
  key: string;
  windowStart: Date;
}

// The hits of one turn counted in one statement (ADR 039), as the order gate does: each window is raised
// once by all of its hits, in key order (no two batches lock rows crosswise), and each hit is given the
// count it would have had alone, so a burst cannot pass a limit.
const hitsSql = `
  with req as (
    select * from json_to_recordset($1::json) as r(i int, key text, window_start timestamptz)
  ), windows as (
    select key, window_start, count(*)::int as n from req group by key, window_start
  ), hit as (
    insert into rate_limits (key, window_start, hits)
    select key, window_start, n from windows order by key, window_start
    on conflict (key, window_start) do update set hits = rate_limits.hits + excluded.hits
    returning key, window_start, hits
  )
  select req.i, (hit.hits - count(*) over w + row_number() over (w order by req.i))::int as hits
  from req join hit on hit.key = req.key and hit.window_start = req.window_start
  window w as (partition by req.key, req.window_start)`;

function isHitRow(row: unknown): row is { i: number; hits: number } {
  if (typeof row !== 'object' || row === null) return false;
  return 'i' in row && 'hits' in row && typeof row.i === 'number' && typeof row.hits === 'number';
}

async function countHits(db: Db, batch: Hit[]): Promise<Array<number | Error>> {
  const json = JSON.stringify(batch.map((hit, i) => ({ i, key: hit.key, window_start: hit.windowStart })));
  const answers: Array<number | Error> = batch.map(() => new Error('rate limit: no count returned'));
  for (const row of await rawQuery(db, 'impulso_rate_limit_hits', hitsSql, [json])) {
    if (!isHitRow(row)) throw new Error('rate limit: unexpected row');
    answers[row.i] = row.hits;
  }
  return answers;
}

const hitBatched = turnBatcherPerDb(countHits);

/** Counts one hit on the key's window and returns the window's hits so far, this one included. */
export function hitWindow(db: Db, key: string, windowStart: Date): Promise<number> {
  return hitBatched(db, { key, windowStart });
}
