import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ProductId } from '#shared/catalogue.ts';
import type { ComponentDelay, PlanComponentId } from '#shared/plan-components.ts';
import type { DeliveryState, RefillStatus } from '#shared/schemas/deliveries.ts';

/**
 * One row per delivered item of a paid order (docs/product.md#delivery): the package, each add-on, a plan's
 * month (or its days). `state` is ours; the panel's own words are normalised into it (docs/fulfilment.md).
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').notNull(),
    /** `package`, `add_on:likes`, `plan`, `plan:day-2`, `package:resend-1`…: unique per order. */
    itemKey: text('item_key').notNull(),
    /** followers | likes | views */
    product: text('product').$type<ProductId>().notNull(),
    /** Empty while the buyer still owes a link (an add-on bought without one). */
    link: text('link').notNull(),
    quantity: integer('quantity').notNull(),
    /** Drip-feed: `runs` deliveries of `quantity`, one every `intervalMinutes` (a plan's month). */
    runs: integer('runs'),
    intervalMinutes: integer('interval_minutes'),
    /**
     * queued · submitting (the call is out: its outcome is not known yet) · unknown ('a conferir') ·
     * invalid_link · refused · manual · pending · in_progress · completed · partial · canceled · refunded
     */
    state: text('state').$type<DeliveryState>().notNull(),
    /** Not submitted before this moment (a plan's later days). */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    serviceId: text('service_id'),
    panelOrderId: text('panel_order_id'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    submitAttempts: integer('submit_attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The shop's cost at the panel, in the panel's currency, as the panel wrote it. */
    charge: text('charge'),
    currency: text('currency'),
    startCount: integer('start_count'),
    remains: integer('remains'),
    /** When the status was last asked for: the sync claims the oldest, so instances never ask twice. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** A plan's engagement component (likes_per_post…), delivered by a subscription-type service. */
    component: text('component').$type<PlanComponentId>(),
    /** A component's paid month ends here: the panel's `expiry`, and the buyer's "ativas até". */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** A component's `delay` at the panel, as the owner had it when the month was paid. */
    delayMinutes: integer('delay_minutes').$type<ComponentDelay>(),
    /** The month was refunded: `cancel` asked of the panel (recorded before the call, ADR 032). */
    stopRequestedAt: timestamp('stop_requested_at', { withTimezone: true }),
    /** The panel cannot cancel this service: it runs until `expires_at`, shown as such. */
    leftToExpire: boolean('left_to_expire').notNull().default(false),
    /** The panel's service promises refills (read from `services` when submitted). */
    refillable: boolean('refillable').notNull().default(false),
    /** The product's guarantee in force when the order was paid: refills are offered this long. */
    guaranteeDays: integer('guarantee_days').notNull().default(0),
    refillId: text('refill_id'),
    refillStatus: text('refill_status').$type<RefillStatus>(),
    refillRequestedAt: timestamp('refill_requested_at', { withTimezone: true }),
    /** When the link was found invalid: an owner alert if the buyer has not corrected it in 24 h. */
    linkInvalidSince: timestamp('link_invalid_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deliveries_order_item_idx').on(t.orderId, t.itemKey),
    index('deliveries_open_idx')
      .on(t.checkedAt)
      .where(
        sql`${t.state} in ('pending', 'in_progress') or ${t.refillStatus} in ('pending', 'in_progress')`,
      ),
    index('deliveries_attention_idx')
      .on(t.updatedAt)
      .where(sql`${t.state} in ('unknown', 'invalid_link', 'refused', 'partial', 'manual')`),
  ],
);

export type DeliveryRow = typeof deliveries.$inferSelect;
export type NewDelivery = typeof deliveries.$inferInsert;

/** Owner alerts already sent, by key: the same alert at most once per its quiet period. */
export const ownerAlerts = pgTable('owner_alerts', {
  key: text('key').primaryKey(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
});
