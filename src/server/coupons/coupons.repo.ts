import { and, eq, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Executor } from '../db/client';
import { couponKinds, couponScopes } from '../../shared/schemas/coupons';
import { bigNumber, rawTimestamp, rowsOf } from '../db/rows';
import { couponEmailUses, couponRedemptions, coupons, type CouponRow } from '../db/schema';

export type RedeemResult = 'redeemed' | 'replay' | 'used_up' | 'used_by_email';

/** listWithFigures's row: the coupon's columns (timestamps as text) and its figures. */
const couponFiguresRow = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(couponKinds),
  percent: z.number().nullable(),
  amountCents: z.number().nullable(),
  minTotalCents: z.number(),
  validFrom: rawTimestamp.nullable(),
  validUntil: rawTimestamp.nullable(),
  maxUses: z.number().nullable(),
  maxUsesPerEmail: z.number().nullable(),
  appliesTo: z.enum(couponScopes),
  active: z.boolean(),
  createdAt: rawTimestamp,
  uses: z.number(),
  paid_orders: z.number(),
  revenue_cents: bigNumber,
  discount_cents: bigNumber,
});

export const couponsRepo = {
  async findByCode(db: Executor, code: string): Promise<CouponRow | undefined> {
    const [row] = await db.select().from(coupons).where(eq(coupons.code, code));
    return row;
  },
  async findById(db: Executor, id: string): Promise<CouponRow | undefined> {
    const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
    return row;
  },
  async insert(db: Executor, row: typeof coupons.$inferInsert): Promise<CouponRow> {
    const [created] = await db.insert(coupons).values(row).returning();
    return created!;
  },
  async update(db: Executor, id: string, fields: Partial<typeof coupons.$inferInsert>): Promise<CouponRow> {
    const [updated] = await db.update(coupons).set(fields).where(eq(coupons.id, id)).returning();
    return updated!;
  },
  /** Uses so far, overall and (when given) by one e-mail. */
  async usesOf(db: Executor, couponId: string, email: string | null) {
    const [row] = rowsOf(
      z.object({ total: z.number(), by_email: z.number() }),
      await db.execute(sql`
        select count(*)::int as total, count(*) filter (where email = ${email ?? ''})::int as by_email
        from coupon_redemptions where coupon_id = ${couponId}`),
    );
    return { total: Number(row?.total ?? 0), byEmail: Number(row?.by_email ?? 0) };
  },
  /**
   * Takes one use for the order with this Idempotency-Key. A coupon without limits only records it. One
   * with limits does so in a transaction that raises its counters only while under them: the coupon's row
   * lock makes the last use go to exactly one of the buyers racing for it, and a replayed key or a refusal
   * rolls everything back (docs/coupons.md).
   */
  async redeem(
    db: Db,
    use: {
      coupon: Pick<CouponRow, 'id' | 'maxUses' | 'maxUsesPerEmail'>;
      idempotencyKey: string;
      email: string;
      discountCents: number;
      now: Date;
    },
  ): Promise<RedeemResult> {
    const { coupon, email } = use;
    const record = async (tx: Executor) =>
      (
        await tx
          .insert(couponRedemptions)
          .values({
            couponId: coupon.id,
            idempotencyKey: use.idempotencyKey,
            email,
            discountCents: use.discountCents,
            createdAt: use.now,
          })
          .onConflictDoNothing({ target: couponRedemptions.idempotencyKey })
          .returning({ id: couponRedemptions.id })
      ).length > 0;
    if (coupon.maxUses === null && coupon.maxUsesPerEmail === null)
      return (await record(db)) ? 'redeemed' : 'replay';
    const refused = new Error('coupon limit');
    let reason: RedeemResult = 'redeemed';
    try {
      await db.transaction(async (tx) => {
        if (!(await record(tx))) {
          reason = 'replay';
          return;
        }
        if (coupon.maxUses !== null) {
          const raised = await tx
            .update(coupons)
            .set({ uses: sql`${coupons.uses} + 1` })
            .where(and(eq(coupons.id, coupon.id), lt(coupons.uses, coupon.maxUses)))
            .returning({ uses: coupons.uses });
          if (raised.length === 0) {
            reason = 'used_up';
            throw refused;
          }
        }
        if (coupon.maxUsesPerEmail !== null) {
          const raised = await tx
            .insert(couponEmailUses)
            .values({ couponId: coupon.id, email, uses: 1 })
            .onConflictDoUpdate({
              target: [couponEmailUses.couponId, couponEmailUses.email],
              set: { uses: sql`${couponEmailUses.uses} + 1` },
              setWhere: lt(couponEmailUses.uses, coupon.maxUsesPerEmail),
            })
            .returning({ uses: couponEmailUses.uses });
          if (raised.length === 0) {
            reason = 'used_by_email';
            throw refused;
          }
        }
      });
    } catch (error) {
      if (error !== refused) throw error;
    }
    return reason;
  },
  /** The panel's list: each coupon's uses, and its paid orders' revenue and discounts. */
  async listWithFigures(db: Executor) {
    return rowsOf(
      couponFiguresRow,
      await db.execute(sql`
        select c.id, c.code, c.kind, c.percent, c.amount_cents as "amountCents",
          c.min_total_cents as "minTotalCents", c.valid_from as "validFrom", c.valid_until as "validUntil",
          c.max_uses as "maxUses", c.max_uses_per_email as "maxUsesPerEmail", c.applies_to as "appliesTo",
          c.active, c.created_at as "createdAt",
          (select count(*) from coupon_redemptions r where r.coupon_id = c.id)::int as uses,
          count(o.id)::int as paid_orders,
          coalesce(sum(o.total_cents), 0)::bigint as revenue_cents,
          coalesce(sum(o.coupon_discount_cents), 0)::bigint as discount_cents
        from coupons c
        left join orders o on o.coupon_code = c.code and o.payment_status = 'paid'
        group by c.id
        order by c.created_at desc`),
    );
  },
};
