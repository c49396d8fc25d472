import { inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { jobs } from '#server/db/schema/index.ts';
import { turnBatcherPerDb } from '#server/db/turn-batcher.ts';

// The jobs of one batch that finish in the same turn are marked done by one statement (ADR 039).
const markBatched = turnBatcherPerDb(async (db: Db, batch: Array<{ id: string; at: Date }>) => {
  // One time for the batch: its jobs ended within the same turn.
  const at = new Date(Math.max(...batch.map((done) => done.at.getTime())));
  await db
    .update(jobs)
    .set({ doneAt: at, lockedUntil: null })
    .where(
      inArray(
        jobs.id,
        batch.map((done) => done.id),
      ),
    );
  return batch.map(() => true as const);
});

export async function markJobDone(db: Db, id: string, now: Date): Promise<void> {
  await markBatched(db, { id, at: now });
}
