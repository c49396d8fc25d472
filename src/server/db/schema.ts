import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
  (t) => [index('analytics_etapa_created_at_idx').on(t.etapa, t.createdAt)],
);

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
