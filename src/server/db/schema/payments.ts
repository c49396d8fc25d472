import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from './orders';

/** Charges at the payment provider; an order may have several attempts (a declined card, a new PIX). */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    /** A card paid in instalments: the provider's plan id, refunded as a whole (Asaas `installment`). */
    providerInstallmentId: text('provider_installment_id'),
    method: text('method').notNull(),
    /**
     * The provider's status word (PENDING, RECEIVED, CONFIRMED, …) or ours: CREATING while the provider is
     * being called (recorded before the call, reference/payments.md §1.13), DECLINED, FAILED.
     */
    status: text('status').notNull(),
    amountCents: integer('amount_cents').notNull(),
    pixPayload: text('pix_payload'),
    pixImageBase64: text('pix_image_base64'),
    checkoutUrl: text('checkout_url'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When reconciliation last asked the provider about this payment (rate-limits the asking). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** A PIX past `expires_at` handed to the expiry job (cancel at the provider, then the order). */
    expiryQueuedAt: timestamp('expiry_queued_at', { withTimezone: true }),
    /** The one reminder e-mail of an unpaid PIX was queued (PIX_REMINDER_MINUTES). */
    reminderQueuedAt: timestamp('reminder_queued_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_id_idx').on(t.provider, t.providerPaymentId),
    index('payments_order_idx').on(t.orderId),
    index('payments_open_idx').on(t.status, t.createdAt),
    // Open PIX charges by deadline and by age: the expiry and reminder pollers read only these.
    index('payments_pix_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'PENDING' and ${t.method} = 'pix' and ${t.expiryQueuedAt} is null`),
    index('payments_pix_reminder_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'PENDING' and ${t.method} = 'pix' and ${t.reminderQueuedAt} is null`),
    // One provider call at a time per order: a double click cannot charge a card twice.
    uniqueIndex('payments_one_attempt_idx')
      .on(t.orderId)
      .where(sql`${t.status} = 'CREATING'`),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;

export type NewPayment = typeof payments.$inferInsert;

/** Provider webhooks, stored by event id before anything else: a redelivery is a no-op (DECISIONS 12). */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [index('webhook_events_unprocessed_idx').on(t.processedAt, t.receivedAt)],
);

export type WebhookEventRow = typeof webhookEvents.$inferSelect;

/**
 * Refunds the operator asked for (DECISIONS 28): recorded before the provider is called, keyed by the
 * panel request's Idempotency-Key so a double click refunds once; `refunded` only on the provider's word.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').notNull(),
    paymentId: uuid('payment_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The whole remaining amount (the order becomes reembolsado) or a part of it. */
    full: boolean('full').notNull(),
    reason: text('reason').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** sending · pending (the provider took it) · refunded (confirmed) · failed (refused, nothing refunded) */
    status: text('status').notNull(),
    actor: text('actor').notNull(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('refunds_key_idx').on(t.idempotencyKey), index('refunds_order_idx').on(t.orderId)],
);

export type RefundRow = typeof refunds.$inferSelect;
