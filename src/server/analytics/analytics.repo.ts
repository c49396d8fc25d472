import type { Db } from '../db/client';
import { analytics } from '../db/schema';

export interface NewAnalyticsEvent {
  etapa: string;
  sessionId: string | null;
  userAgent: string | null;
  url: string | null;
  referrer: string | null;
  createdAt: Date;
}

export function createAnalyticsRepo(db: Db) {
  return {
    async insert(event: NewAnalyticsEvent): Promise<void> {
      await db.insert(analytics).values(event);
    },
  };
}

export type AnalyticsRepo = ReturnType<typeof createAnalyticsRepo>;
