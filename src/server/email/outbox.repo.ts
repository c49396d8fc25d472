import type { Db } from '#server/db/client.ts';
import { outboxEmails } from '#server/db/schema/index.ts';
import { turnBatcherPerDb } from '#server/db/turn-batcher.ts';

type OutboxEmail = typeof outboxEmails.$inferInsert;

// The e-mails of one batch of jobs are stored by one statement (ADR 039): the job runner sends up to 20
// at once, and at a burst of orders one insert each was a fifth of the receipts' statements.
const insertBatched = turnBatcherPerDb(async (db: Db, batch: OutboxEmail[]) => {
  await db.insert(outboxEmails).values(batch);
  return batch.map(() => true as const);
});

export const outboxRepo = {
  async insert(db: Db, email: OutboxEmail): Promise<void> {
    await insertBatched(db, email);
  },
};
