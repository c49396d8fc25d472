import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

export const receiptsRepo = {
  /**
   * Marks up to `limit` orders older than `before` as having their 'pedido recebido' e-mail queued, and
   * queues those jobs, in one statement: a crash can no longer mark an order and lose its e-mail. A buyer
   * who consented gets the WhatsApp message too, in the same statement (docs/whatsapp.md).
   */
  async queue(db: Db, now: Date, before: Date, limit: number): Promise<number> {
    const queued = rowsOf(
      z.object({ id: z.string() }),
      await db.execute(sql`
        with marked as (
          update orders set receipt_queued_at = ${now}
          where id in (
            select id from orders
            where receipt_queued_at is null and created_at < ${before}
            order by created_at
            limit ${limit}
            for update skip locked
          )
          returning id, whatsapp_consent_at
        ),
        whatsapp as (
          insert into jobs (kind, payload, run_at)
          select 'whatsapp_message', json_build_object('orderId', id, 'kind', 'order_received')::jsonb,
            'epoch'::timestamptz
          from marked
          where whatsapp_consent_at is not null
        )
        insert into jobs (kind, payload, run_at)
        select 'order_received_email', json_build_object('orderId', id)::jsonb, 'epoch'::timestamptz
        from marked
        returning id`),
    );
    return queued.length;
  },
};
