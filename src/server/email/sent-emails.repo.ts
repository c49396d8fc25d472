import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { outboxEmails } from '#server/db/schema/index.ts';

/** The outbox table as the panel reads it: newest first, a page at a time, or one e-mail whole. */
export const sentEmailsRepo = {
  async page(db: Db, offset: number, limit: number) {
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: outboxEmails.id,
          to: outboxEmails.to,
          subject: outboxEmails.subject,
          createdAt: outboxEmails.createdAt,
        })
        .from(outboxEmails)
        // The id breaks ties: the e-mails of one batch share their instant (outbox.repo.ts).
        .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(outboxEmails),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  async byId(db: Db, id: string) {
    const [row] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
    return row ?? null;
  },
};
