import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Texts the owner edits in the panel, one row per key (`claims`: "Números da loja", ADR 031); no row means
 * the defaults in code. `version` moves on every edit, so every instance re-renders its pages.
 */
export const shopTexts = pgTable('shop_texts', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  version: integer('version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
