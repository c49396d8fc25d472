import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * A data-subject request the operator starts for a guest buyer (issue 13, LGPD): it is carried out only
 * when the buyer confirms it with the link sent to that address. Once done, the e-mail is kept masked.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** export | erase */
    action: text('action').$type<'export' | 'erase'>().notNull(),
    /** SHA-256 of the link's token (a leaked table opens nothing). */
    tokenHash: text('token_hash').notNull(),
    requestedBy: text('requested_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('privacy_requests_token_idx').on(t.tokenHash),
    index('privacy_requests_created_idx').on(t.createdAt),
  ],
);

export type PrivacyRequestRow = typeof privacyRequests.$inferSelect;
