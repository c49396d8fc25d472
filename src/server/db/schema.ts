import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AddOnLine } from '../../shared/pricing';

// One Drizzle schema for PGlite and PostgreSQL. Timestamps are timestamptz (stored UTC).

/** First-party funnel events (spec §3 'analytics'). No IP column: the IP is never stored. */
export const analytics = pgTable(
  'analytics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    etapa: text('etapa').notNull(),
    sessionId: text('session_id'),
    userAgent: text('user_agent'),
    url: text('url'),
    referrer: text('referrer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('analytics_etapa_created_at_idx').on(t.etapa, t.createdAt),
    index('analytics_created_at_idx').on(t.createdAt, t.etapa),
  ],
);

/**
 * Funnel events per São Paulo day and stage, for days that are over (they never change again): the
 * panel sums these and counts only today's raw events (docs/admin-queries.md).
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: text('day').notNull(),
    etapa: text('etapa').notNull(),
    events: integer('events').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.etapa] })],
);

/**
 * Orders per São Paulo day × status × payment status × method, for days up to `rollupState.rolledUntil`:
 * the panel sums these and reads only later days' orders raw. A trigger keeps rolled days exact when an
 * order of such a day is inserted, changed or deleted (drizzle/0008_orders_daily.sql,
 * docs/admin-queries.md).
 */
export const ordersDaily = pgTable(
  'orders_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    paymentStatus: text('payment_status').notNull(),
    paymentMethod: text('payment_method').notNull(),
    orders: integer('orders').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.status, t.paymentStatus, t.paymentMethod] })],
);

/** How far each rollup has gone: the last São Paulo day it holds (null: none yet). */
export const rollupState = pgTable('rollup_state', {
  name: text('name').primaryKey(),
  rolledUntil: date('rolled_until', { mode: 'string' }),
});

/** Fixed-window counters shared by every app instance (ARCHITECTURE: scale-out). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limits_window_idx').on(t.windowStart)],
);

export interface OrderAddress {
  cep: string;
  street: string;
  number: string;
  neighborhood: string;
  city: string;
  state: string;
}

/** Orders (spec §3 'pedidos'), money in centavos (DECISIONS 4), statuses as slugs (DECISIONS 9). */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purchaseCode: text('purchase_code').notNull(),
    /** followers | likes | views | recurring */
    service: text('service').notNull(),
    planId: text('plan_id'),
    quantity: integer('quantity').notNull(),
    instagram: text('instagram').notNull(),
    postLink: text('post_link'),
    addOns: jsonb('add_ons').$type<AddOnLine[]>().notNull().default([]),
    addOnLinks: jsonb('add_on_links').$type<Record<string, string>>().notNull().default({}),
    packageCents: integer('package_cents').notNull(),
    addOnsCents: integer('add_ons_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    whatsapp: text('whatsapp').notNull(),
    cpf: text('cpf').notNull(),
    address: jsonb('address').$type<OrderAddress>(),
    status: text('status').notNull(),
    paymentStatus: text('payment_status').notNull(),
    paymentMethod: text('payment_method').notNull(),
    installments: integer('installments').notNull().default(1),
    note: text('note'),
    /** Set when money arrived for an order that had expired or been cancelled (DECISIONS 12). */
    paymentFlag: text('payment_flag'),
    /** Monthly plans: every month's order points at its subscription (DECISIONS 18). */
    subscriptionId: uuid('subscription_id'),
    /** The customer account signed in when the order was placed, if any. */
    userId: uuid('user_id'),
    /** When the 'pedido recebido' e-mail was queued (a poller picks up orders without one). */
    receiptQueuedAt: timestamp('receipt_queued_at', { withTimezone: true }),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_purchase_code_idx').on(t.purchaseCode),
    uniqueIndex('orders_idempotency_key_idx').on(t.idempotencyKey),
    // Covers the panel's metrics and counts (an index-only scan of the period): docs/admin-queries.md.
    index('orders_created_at_idx').on(t.createdAt, t.status, t.paymentStatus, t.paymentMethod, t.totalCents),
    // By e-mail, newest last: a buyer's recent unpaid orders (abuse limit) and the account's orders.
    index('orders_email_created_idx').on(t.email, t.createdAt),
    index('orders_user_idx').on(t.userId),
    index('orders_receipt_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.receiptQueuedAt} is null`),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_id_idx').on(t.provider, t.providerPaymentId),
    index('payments_order_idx').on(t.orderId),
    index('payments_open_idx').on(t.status, t.createdAt),
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

/** A monthly plan at the provider (DECISIONS 18): it schedules one charge, and so one order, a month. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    planId: text('plan_id').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** active | cancelled */
    status: text('status').notNull(),
    firstOrderId: uuid('first_order_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('subscriptions_provider_id_idx').on(t.provider, t.providerSubscriptionId)],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Customer accounts (DECISIONS 19, 20): argon2id hashes, e-mail lower-cased. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** customer | operator. Only admin:create (or the first-start password) grants operator (DECISIONS 30). */
    role: text('role').notNull().default('customer'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_idx').on(t.email)],
);

export type UserRow = typeof users.$inferSelect;

/** Opaque session tokens, stored only as their SHA-256 (a leaked table opens no session). */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Single-use tokens sent by e-mail: e-mail verification and password reset. */
export const emailTokens = pgTable('email_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Background work, polled with FOR UPDATE SKIP LOCKED by every instance (ARCHITECTURE). */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [index('jobs_due_idx').on(t.doneAt, t.runAt)],
);

/** Where e-mails go when no SMTP server is configured: readable in development and by the tests. */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_emails_to_idx').on(t.to, t.createdAt)],
);

/** Failed sign-ins per key (an account or an IP): the admin lock of spec §4, kept on the server. */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who changed what on an order, and when (the operator panel's audit trail). */
export const orderAudit = pgTable(
  'order_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    actor: text('actor').notNull(),
    field: text('field').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_audit_order_idx').on(t.orderId, t.createdAt)],
);
