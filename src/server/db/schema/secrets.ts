import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Server secrets the shop did not configure, made once and shared by every instance through the
 * database (the order-link HMAC key when ORDER_LINK_SECRET is unset, ADR 026). Never shown to anyone.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
