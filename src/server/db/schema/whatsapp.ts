import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { WhatsappKind, WhatsappState } from '#shared/whatsapp.ts';

/**
 * One WhatsApp message per order and kind (docs/whatsapp.md, ADR 037): claimed before the Cloud API is
 * called, so a message is sent at most once; its `id` goes with it as `biz_opaque_callback_data` and comes
 * back in the status webhooks, which settle an unknown outcome ('a_conferir').
 */
export const whatsappMessages = pgTable(
  'whatsapp_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').notNull(),
    /** order_received | payment_confirmed | delivery_started | delivered | pix_reminder | link_needed | refund */
    kind: text('kind').$type<WhatsappKind>().notNull(),
    state: text('state').$type<WhatsappState>().notNull(),
    /** The Cloud API's message id (wamid…), once known. */
    wamid: text('wamid'),
    errorCode: integer('error_code'),
    errorText: text('error_text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('whatsapp_messages_order_kind_idx').on(t.orderId, t.kind),
    index('whatsapp_messages_wamid_idx').on(t.wamid),
  ],
);

/** Numbers that replied "PARAR": nothing more is sent to them. */
export const whatsappOptOuts = pgTable('whatsapp_opt_outs', {
  phone: text('phone').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Webhook events already applied, by a key of their own (a redelivery is a no-op). */
export const whatsappEvents = pgTable('whatsapp_events', {
  id: text('id').primaryKey(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The approved template's name per message kind, set by the owner in the panel; no row: not sent. */
export const whatsappTemplates = pgTable('whatsapp_templates', {
  kind: text('kind').$type<WhatsappKind>().primaryKey(),
  name: text('name').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type WhatsappMessageRow = typeof whatsappMessages.$inferSelect;
