import { date, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PlanId } from '#shared/catalogue.ts';
import type { PlanEndReason, SubscriptionStatus } from '#shared/plan-status.ts';

/**
 * A monthly plan at the provider (docs/product.md#plans): it schedules one charge, and so one order, a month.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    planId: text('plan_id').$type<PlanId>().notNull(),
    priceCents: integer('price_cents').notNull(),
    /**
     * pending (first month not paid yet) | active | paused (a month unpaid PLAN_GRACE_DAYS after its due
     * day: nothing new is delivered until it is paid) | cancelled
     */
    status: text('status').$type<SubscriptionStatus>().notNull(),
    firstOrderId: uuid('first_order_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Who ended it: the operator, the buyer, a month left unpaid, or the provider on its own. */
    cancelReason: text('cancel_reason').$type<PlanEndReason>(),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    /** The São Paulo day the provider charges next: the latest month's due day plus a month. */
    nextDueDate: date('next_due_date', { mode: 'string' }),
    /** When its charges were last listed at the provider (a month whose webhook was lost is found). */
    chargesCheckedAt: timestamp('charges_checked_at', { withTimezone: true }),
    /**
     * The NFS-e settings (their `updated_at`) Asaas holds for this plan's monthly invoices
     * (`/subscriptions/{id}/invoiceSettings`, docs/nfse.md); null until set. A job sets them once per change.
     */
    invoiceSettingsOf: timestamp('invoice_settings_of', { withTimezone: true }),
  },
  (t) => [uniqueIndex('subscriptions_provider_id_idx').on(t.provider, t.providerSubscriptionId)],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;
