import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { webhookEvents, type WebhookEventRow } from '../db/schema';

export const webhookEventsRepo = {
  /** False when the event id was stored before (a redelivery). */
  async insertIfNew(db: Db, event: typeof webhookEvents.$inferInsert): Promise<boolean> {
    const rows = await db
      .insert(webhookEvents)
      .values(event)
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    return rows.length > 0;
  },
  async markProcessed(db: Db, id: string, now: Date): Promise<void> {
    await db.update(webhookEvents).set({ processedAt: now }).where(eq(webhookEvents.id, id));
  },
  /** Stored but never applied (the process died in between), oldest first. */
  async unprocessed(db: Db, receivedBefore: Date, limit: number): Promise<WebhookEventRow[]> {
    return db
      .select()
      .from(webhookEvents)
      .where(and(isNull(webhookEvents.processedAt), lt(webhookEvents.receivedAt, receivedBefore)))
      .orderBy(asc(webhookEvents.receivedAt))
      .limit(limit);
  },
};
