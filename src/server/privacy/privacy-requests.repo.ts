import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { privacyRequests } from '../db/schema';

export const privacyRequestsRepo = {
  async insert(db: Executor, row: typeof privacyRequests.$inferInsert): Promise<void> {
    await db.insert(privacyRequests).values(row);
  },
  async recent(db: Executor, limit: number) {
    return db.select().from(privacyRequests).orderBy(desc(privacyRequests.createdAt)).limit(limit);
  },
  /** The unconfirmed, unexpired request behind a link. */
  async pending(db: Executor, tokenHash: string, now: Date) {
    const [row] = await db
      .select()
      .from(privacyRequests)
      .where(
        and(
          eq(privacyRequests.tokenHash, tokenHash),
          isNull(privacyRequests.confirmedAt),
          gt(privacyRequests.expiresAt, now),
        ),
      );
    return row;
  },
  async confirm(db: Executor, id: string, now: Date): Promise<void> {
    await db.update(privacyRequests).set({ confirmedAt: now }).where(eq(privacyRequests.id, id));
  },
  /** After an erasure: every request about the address keeps it only masked. */
  async maskEmail(db: Executor, email: string, masked: string): Promise<void> {
    await db.update(privacyRequests).set({ email: masked }).where(eq(privacyRequests.email, email));
  },
};
