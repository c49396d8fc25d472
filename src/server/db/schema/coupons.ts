import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AdminCouponFields } from '#shared/schemas/coupons.ts';

/** Discount coupons (issue 13, docs/product.md#coupons): edited in the panel, priced by the server alone. */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** In capitals: buyers type it in any case. */
    code: text('code').notNull(),
    /** percent | fixed */
    kind: text('kind').$type<AdminCouponFields['kind']>().notNull(),
    percent: integer('percent'),
    amountCents: integer('amount_cents'),
    minTotalCents: integer('min_total_cents').notNull().default(0),
    /** São Paulo midnight of the first day; the day after the last day (exclusive). */
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerEmail: integer('max_uses_per_email'),
    /** one_time | plans | both */
    appliesTo: text('applies_to').$type<AdminCouponFields['appliesTo']>().notNull().default('both'),
    active: boolean('active').notNull().default(true),
    /** Uses taken, counted only for a coupon with a limit (the row's lock decides the last use). */
    uses: integer('uses').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coupons_code_idx').on(t.code)],
);

/** One use of a coupon, recorded before its order and keyed by the order's Idempotency-Key. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id),
    idempotencyKey: text('idempotency_key').notNull(),
    email: text('email').notNull(),
    discountCents: integer('discount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_key_idx').on(t.idempotencyKey),
    index('coupon_redemptions_coupon_idx').on(t.couponId, t.email),
  ],
);

/** Uses per e-mail of a coupon limited per e-mail: one row each, raised only while under the limit. */
export const couponEmailUses = pgTable(
  'coupon_email_uses',
  {
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id),
    email: text('email').notNull(),
    uses: integer('uses').notNull(),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.email] })],
);

/** Shop settings the owner edits in the panel (the PIX discount), one row per key. */
export const shopSettings = pgTable('shop_settings', {
  key: text('key').primaryKey(),
  value: integer('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who changed what the owner edits, when, before → after (issue 13). */
export const ownerAudit = pgTable(
  'owner_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** coupon | setting | … */
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    actor: text('actor').notNull(),
    before: text('before'),
    after: text('after'),
    at: timestamp('at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('owner_audit_entity_idx').on(t.entity, t.entityId, t.at)],
);

export type CouponRow = typeof coupons.$inferSelect;
