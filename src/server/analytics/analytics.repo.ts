import type { Executor } from '../db/client';
import { analytics } from '../db/schema';

export type NewAnalyticsEvent = typeof analytics.$inferInsert;

export const analyticsRepo = {
  async insert(db: Executor, event: NewAnalyticsEvent): Promise<void> {
    await db.insert(analytics).values(event);
  },
};
