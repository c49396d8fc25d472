import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../db/client';
import { bigNumber, rowsOf } from '../db/rows';

export interface DigestFigures {
  paidOrders: number;
  revenueCents: number;
  pendingCents: number;
  refundedCents: number;
  refunds: number;
}

/** One São Paulo day's money, for the owner's digest: paid that day, left unpaid, refunded that day. */
export const ownerDigestRepo = {
  async figures(db: Executor, start: Date, end: Date): Promise<DigestFigures> {
    const [row] = rowsOf(
      z.object({
        paidOrders: bigNumber,
        revenueCents: bigNumber,
        pendingCents: bigNumber,
        refundedCents: bigNumber,
        refunds: bigNumber,
      }),
      await db.execute(sql`
      select
        (select count(*) from orders where paid_at >= ${start} and paid_at < ${end}) as "paidOrders",
        (select coalesce(sum(total_cents), 0) from orders where paid_at >= ${start} and paid_at < ${end}) as "revenueCents",
        (select coalesce(sum(total_cents), 0) from orders
          where created_at >= ${start} and created_at < ${end} and payment_status = 'unpaid'
            and status <> 'cancelado') as "pendingCents",
        (select coalesce(sum(amount_cents), 0) from refunds
          where confirmed_at >= ${start} and confirmed_at < ${end}) as "refundedCents",
        (select count(*) from refunds where confirmed_at >= ${start} and confirmed_at < ${end}) as "refunds"`),
    );
    return {
      paidOrders: Number(row?.paidOrders ?? 0),
      revenueCents: Number(row?.revenueCents ?? 0),
      pendingCents: Number(row?.pendingCents ?? 0),
      refundedCents: Number(row?.refundedCents ?? 0),
      refunds: Number(row?.refunds ?? 0),
    };
  },
};
