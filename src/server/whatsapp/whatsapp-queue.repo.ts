import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { jobs } from '../db/schema';
import type { WhatsappKind } from '../../shared/whatsapp';

/**
 * Queues a WhatsApp message beside the e-mail of the same event, in the caller's transaction, only for an
 * order whose buyer consented (docs/whatsapp.md): one statement, no row for the others. Whether WhatsApp is
 * on, the template set and the number not opted out are checked when the job runs.
 */
export async function queueWhatsapp(
  tx: Executor,
  order: string | { id: string; whatsappConsentAt: Date | null },
  kind: WhatsappKind,
  extra: Record<string, string> = {},
): Promise<void> {
  // An order row at hand says already whether there was consent: no statement for the others.
  if (typeof order !== 'string' && !order.whatsappConsentAt) return;
  const orderId = typeof order === 'string' ? order : order.id;
  const payload = JSON.stringify({ ...extra, orderId, kind });
  await tx.execute(sql`
    insert into jobs (kind, payload, run_at)
    select 'whatsapp_message', ${payload}::jsonb, 'epoch'::timestamptz
    from orders
    where id = ${orderId} and whatsapp_consent_at is not null and anonymised_at is null`);
}

/** The payload a message was last queued with (its PIX charge, its refund's amount), to queue it again. */
export async function lastWhatsappPayload(
  db: Executor,
  orderId: string,
  kind: WhatsappKind,
): Promise<unknown> {
  const [row] = await db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, 'whatsapp_message'),
        sql`${jobs.payload}->>'orderId' = ${orderId}`,
        sql`${jobs.payload}->>'kind' = ${kind}`,
      ),
    )
    .orderBy(desc(jobs.createdAt))
    .limit(1);
  return row?.payload;
}
