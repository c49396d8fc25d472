import type { Db } from '#server/db/client.ts';
import { rawQuery } from '#server/db/raw-query.ts';
import { turnBatcherPerDb } from '#server/db/turn-batcher.ts';

interface GateRequest {
  ip: { key: string; windowStart: Date };
  email: { key: string; address: string; windowStart: Date };
}
export interface GateCounts {
  ipHits: number;
  emailHits: number;
  paid: number;
}

// The orders of one turn counted in one statement (ADR 039). Each window is raised once by all of its
// requests, in key order (two batches lock their rows in the same order, never crosswise), and each request
// is given the count it would have had alone: the window's new total, less the requests after it in the
// batch. So a burst still cannot pass a cap: every request of it has its own count.
const orderGateSql = `
  with req as (
    select * from json_to_recordset($1::json) as r(
      i int, ip_key text, ip_window timestamptz, email_key text, email_window timestamptz, email text)
  ), windows as (
    select key, window_start, count(*)::int as n from (
      select ip_key as key, ip_window as window_start from req
      union all select email_key, email_window from req) k
    group by key, window_start
  ), hit as (
    insert into rate_limits (key, window_start, hits)
    select key, window_start, n from windows order by key, window_start
    on conflict (key, window_start) do update set hits = rate_limits.hits + excluded.hits
    returning key, window_start, hits
  ), settled as (
    select e.email, e.window_start, (select count(*)::int from (
      select 1 from orders
      where email = e.email and created_at >= e.window_start and payment_status <> 'unpaid'
      limit 1000) s) as paid
    from (select distinct email, email_window as window_start from req) e
  )
  select req.i,
    (ih.hits - count(*) over ip_w + row_number() over (ip_w order by req.i))::int as "ipHits",
    (eh.hits - count(*) over email_w + row_number() over (email_w order by req.i))::int as "emailHits",
    settled.paid
  from req
  join hit ih on ih.key = req.ip_key and ih.window_start = req.ip_window
  join hit eh on eh.key = req.email_key and eh.window_start = req.email_window
  join settled on settled.email = req.email and settled.window_start = req.email_window
  window ip_w as (partition by req.ip_key, req.ip_window), email_w as (partition by req.email_key, req.email_window)`;

function isGateRow(row: unknown): row is GateCounts & { i: number } {
  if (typeof row !== 'object' || row === null) return false;
  if (!('i' in row && 'ipHits' in row && 'emailHits' in row && 'paid' in row)) return false;
  return [row.i, row.ipHits, row.emailHits, row.paid].every((n) => typeof n === 'number');
}

async function runGates(db: Db, batch: GateRequest[]): Promise<Array<GateCounts | Error>> {
  const json = JSON.stringify(
    batch.map(({ ip, email }, i) => ({
      i,
      ip_key: ip.key,
      ip_window: ip.windowStart,
      email_key: email.key,
      email_window: email.windowStart,
      email: email.address,
    })),
  );
  const rows = await rawQuery(db, 'impulso_order_gate_batch', orderGateSql, [json]);
  const answers: Array<GateCounts | Error> = batch.map(() => new Error('order gate: no count returned'));
  for (const row of rows) {
    if (!isGateRow(row)) throw new Error('order gate: unexpected row');
    answers[row.i] = { ipHits: row.ipHits, emailHits: row.emailHits, paid: row.paid };
  }
  return answers;
}

const gateBatched = turnBatcherPerDb(runGates);

/**
 * The new-order abuse limits (issue 9 §4): counts the order on the IP's window and on the e-mail's hour,
 * and counts the e-mail's orders of that hour already paid. Each concurrent request gets its own count
 * (issue 24 §4: reading the unpaid orders first let 9 of 40 simultaneous orders through a cap of 5).
 */
export function orderGate(db: Db, ip: GateRequest['ip'], email: GateRequest['email']): Promise<GateCounts> {
  return gateBatched(db, { ip, email });
}
