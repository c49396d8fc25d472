import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ProductId } from '#shared/catalogue.ts';

/**
 * The purchase modal's handle and e-mail (issue 12): one row per e-mail, refreshed on each visit,
 * deleted 90 days after the last one (docs/product.md#privacy).
 */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    instagram: text('instagram').notNull(),
    /** The package looked at: product id (followers, likes, views) and amount. */
    product: text('product').$type<ProductId>().notNull(),
    amount: integer('amount').notNull(),
    postLink: text('post_link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('leads_email_idx').on(t.email), index('leads_updated_idx').on(t.updatedAt)],
);

export type LeadRow = typeof leads.$inferSelect;
