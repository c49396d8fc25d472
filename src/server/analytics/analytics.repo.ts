import type { Db } from '../db/client';
import { analytics } from '../db/schema';

export type NewAnalyticsEvent = typeof analytics.$inferInsert;

export const analyticsRepo = {
  async insert(db: Db, event: NewAnalyticsEvent): Promise<void> {
    await db.insert(analytics).values(event);
  },
};
