import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PaymentState, RefundState } from '#shared/payment-states.ts';
import { orders } from './orders';

/** Charges at the payment provider; an order may have several attempts (a declined card, a new PIX). */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order attempts were inserted in: it tells apart two made in the same millisecond. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    /** A card paid in instalments: the provider's plan id, refunded as a whole (Asaas `installment`). */
    providerInstallmentId: text('provider_installment_id'),
    method: text('method').$type<'pix' | 'credit_card' | 'debit_card'>().notNull(),
    /** Where the charge stands, in the shop's words (shared/payment-states.ts, docs/payments.md). */
    status: text('status').$type<PaymentState>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    pixPayload: text('pix_payload'),
    pixImageBase64: text('pix_image_base64'),
    checkoutUrl: text('checkout_url'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When reconciliation last asked the provider about this payment (rate-limits the asking). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /**
     * The provider's answer to this attempt was lost: the order's charges at the provider are looked
     * through again for a while, so one it made after all is found (docs/payments.md).
     */
    answerLostAt: timestamp('answer_lost_at', { withTimezone: true }),
    /** A PIX past `expires_at` handed to the expiry job (cancel at the provider, then the order). */
    expiryQueuedAt: timestamp('expiry_queued_at', { withTimezone: true }),
    /** The one reminder e-mail of an unpaid PIX was queued (PIX_REMINDER_MINUTES). */
    reminderQueuedAt: timestamp('reminder_queued_at', { withTimezone: true }),
    /**
     * A plan's month (issue 43): the São Paulo day its charge is due at the provider. Such a PIX has no
     * `expires_at`: the plan's own follow-up notices, pauses and cancels it (docs/payments.md#plans).
     */
    dueDate: date('due_date', { mode: 'string' }),
    /** The month's PIX sent to the buyer a few days ahead (PLAN_PIX_NOTICE_DAYS), and on its due day. */
    noticeAheadAt: timestamp('notice_ahead_at', { withTimezone: true }),
    noticeDueAt: timestamp('notice_due_at', { withTimezone: true }),
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
      .where(sql`${t.status} = 'pending' and ${t.method} = 'pix' and ${t.expiryQueuedAt} is null`),
    index('payments_pix_reminder_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending' and ${t.method} = 'pix' and ${t.reminderQueuedAt} is null`),
    // A plan's months waiting for their money, by due day: the plan follow-up reads only these.
    index('payments_plan_due_idx')
      .on(t.dueDate)
      .where(sql`${t.status} = 'pending' and ${t.dueDate} is not null`),
    // One provider call at a time per order: a double click cannot charge a card twice.
    uniqueIndex('payments_one_attempt_idx')
      .on(t.orderId)
      .where(sql`${t.status} = 'creating'`),
    // Attempts whose answer was lost, for the sweep that looks for a charge made after all.
    index('payments_answer_lost_idx')
      .on(t.answerLostAt)
      .where(sql`${t.answerLostAt} is not null`),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;

export type NewPayment = typeof payments.$inferInsert;

/**
 * Provider webhooks, stored by event id before anything else: a redelivery is a no-op
 * (docs/product.md#payment-confirmation).
 */
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
 * Refunds the operator asked for (docs/product.md#refunds): recorded before the provider is called, keyed by
 * the panel request's Idempotency-Key so a double click refunds once; `refunded` only on the provider's word.
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
    /** In the shop's words (shared/payment-states.ts): sending, unknown, pending, refunded, denied… */
    status: text('status').$type<RefundState>().notNull(),
    actor: text('actor').notNull(),
    lastError: text('last_error'),
    /** When the provider was last asked about this refund (an open one is followed until it ends). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('refunds_key_idx').on(t.idempotencyKey), index('refunds_order_idx').on(t.orderId)],
);

export type RefundRow = typeof refunds.$inferSelect;
