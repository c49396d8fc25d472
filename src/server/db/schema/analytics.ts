import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { EventStage } from '#shared/schemas/analytics-event.ts';

/**
 * First-party funnel events (docs/product.md#analytics-and-consent). No IP column: the IP is never stored.
 */
export const analytics = pgTable(
  'analytics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    etapa: text('etapa').$type<EventStage>().notNull(),
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
    etapa: text('etapa').$type<EventStage>().notNull(),
    events: integer('events').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.etapa] })],
);
