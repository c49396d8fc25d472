import type { Db } from '#server/db/client.ts';
import { outboxEmails } from '#server/db/schema/index.ts';
import { turnBatcher } from '#server/db/turn-batcher.ts';

type OutboxEmail = typeof outboxEmails.$inferInsert;

// The e-mails of one batch of jobs are stored by one statement (ADR 039): the job runner sends up to 20
// at once, and at a burst of orders one insert each was a fifth of the receipts' statements.
const batchers = new WeakMap<Db, (email: OutboxEmail) => Promise<true>>();

export const outboxRepo = {
  async insert(db: Db, email: OutboxEmail): Promise<void> {
    let insert = batchers.get(db);
    if (!insert) {
      insert = turnBatcher(async (batch: OutboxEmail[]) => {
        await db.insert(outboxEmails).values(batch);
        return batch.map(() => true as const);
      });
      batchers.set(db, insert);
    }
    await insert(email);
  },
};
