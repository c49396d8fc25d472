import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PlanId } from '#shared/catalogue.ts';
import type { OrderService, OrderStatus, PaymentFlag, PaymentMethod, PaymentStatus } from '#shared/orders.ts';
import type { AddOnLine } from '#shared/pricing.ts';
import type { Address } from '#shared/schemas/checkout.ts';

/** Orders (docs/product.md#orders), money in centavos (#money), statuses as slugs (#order-statuses). */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purchaseCode: text('purchase_code').notNull(),
    /** followers | likes | views | recurring */
    service: text('service').$type<OrderService>().notNull(),
    planId: text('plan_id').$type<PlanId>(),
    quantity: integer('quantity').notNull(),
    instagram: text('instagram').notNull(),
    postLink: text('post_link'),
    addOns: jsonb('add_ons').$type<AddOnLine[]>().notNull().default([]),
    addOnLinks: jsonb('add_on_links').$type<Record<string, string>>().notNull().default({}),
    packageCents: integer('package_cents').notNull(),
    addOnsCents: integer('add_ons_cents').notNull(),
    /** What is paid: package + add-ons − coupon − PIX discount (docs/coupons.md). */
    totalCents: integer('total_cents').notNull(),
    couponCode: text('coupon_code'),
    couponDiscountCents: integer('coupon_discount_cents').notNull().default(0),
    pixDiscountCents: integer('pix_discount_cents').notNull().default(0),
    name: text('name').notNull(),
    email: text('email').notNull(),
    whatsapp: text('whatsapp').notNull(),
    /** The buyer ticked "Quero receber atualizações do pedido pelo WhatsApp" (a consent, LGPD; ADR 037). */
    whatsappConsentAt: timestamp('whatsapp_consent_at', { withTimezone: true }),
    cpf: text('cpf').notNull(),
    /** "Nota em nome de empresa": the invoice's taker and the charge's customer (docs/product.md#company-invoices). */
    companyCnpj: text('company_cnpj'),
    companyName: text('company_name'),
    address: jsonb('address').$type<Address>(),
    status: text('status').$type<OrderStatus>().notNull(),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull(),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull(),
    installments: integer('installments').notNull().default(1),
    note: text('note'),
    /**
     * Why a cancelled order was cancelled by the shop itself: `expired` (its PIX ran out,
     * docs/product.md#pix).
     */
    cancelReason: text('cancel_reason'),
    /**
     * Set when money arrived for an order that had expired or been cancelled
     * (docs/product.md#payment-confirmation).
     */
    paymentFlag: text('payment_flag').$type<PaymentFlag>(),
    /**
     * Who may change the order's charges right now (create, replace, cancel): one at a time, for a while,
     * so a double tap or a retried request cannot charge twice (docs/payments.md).
     */
    chargeLockId: uuid('charge_lock_id'),
    chargeLockUntil: timestamp('charge_lock_until', { withTimezone: true }),
    /** Monthly plans: every month's order points at its subscription (docs/product.md#plans). */
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
    /** Personal data erased (a request under LGPD, or RETENTION_MONTHS passed); amounts and dates kept. */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_purchase_code_idx').on(t.purchaseCode),
    uniqueIndex('orders_idempotency_key_idx').on(t.idempotencyKey),
    // Covers the panel's metrics and counts (an index-only scan of the period): docs/admin-queries.md.
    index('orders_created_at_idx').on(t.createdAt, t.status, t.paymentStatus, t.paymentMethod, t.totalCents),
    // By e-mail, newest last: a buyer's recent unpaid orders (abuse limit) and the account's orders.
    index('orders_email_created_idx').on(t.email, t.createdAt),
    // A customer's orders; guests (most orders) are left out, so a new guest order skips this index.
    index('orders_user_idx')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
    // Guest orders still holding personal data, oldest first: the retention pass reads only these.
    index('orders_retention_idx')
      .on(t.createdAt)
      .where(sql`${t.anonymisedAt} is null and ${t.userId} is null`),
    // A coupon's orders, for its figures in the panel.
    index('orders_coupon_idx')
      .on(t.couponCode)
      .where(sql`${t.couponCode} is not null`),
    index('orders_receipt_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.receiptQueuedAt} is null`),
  ],
);

export type OrderRow = typeof orders.$inferSelect;

export type NewOrder = typeof orders.$inferInsert;
