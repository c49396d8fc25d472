import type { Db } from '../db/client';
import { outboxEmails } from '../db/schema';

export const outboxRepo = {
  async insert(db: Db, email: typeof outboxEmails.$inferInsert) {
    await db.insert(outboxEmails).values(email);
  },
};
