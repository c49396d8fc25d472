import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { standInSessions, standIns, type StandInRow } from '../db/schema';

/** Stand-ins of taken addresses (docs/security.md): a new, unverified account in every answer. */
export const standInsRepo = {
  async insert(db: Executor, row: { email: string; name: string; passwordHash: string; createdAt: Date }) {
    const [inserted] = await db.insert(standIns).values(row).returning();
    return inserted!;
  },
  async insertSession(db: Executor, session: typeof standInSessions.$inferInsert) {
    await db.insert(standInSessions).values(session);
  },
  async forSession(db: Executor, tokenHash: string, now: Date): Promise<StandInRow | undefined> {
    const [row] = await db
      .select({ standIn: standIns })
      .from(standInSessions)
      .innerJoin(standIns, eq(standIns.id, standInSessions.standInId))
      .where(and(eq(standInSessions.tokenHash, tokenHash), gt(standInSessions.expiresAt, now)));
    return row?.standIn;
  },
  async deleteSession(db: Executor, tokenHash: string) {
    await db.delete(standInSessions).where(eq(standInSessions.tokenHash, tokenHash));
  },
  /** The newest stand-in of the address: the one whose password a sign-in is checked against. */
  async latestFor(db: Executor, email: string): Promise<StandInRow | undefined> {
    const [row] = await db
      .select()
      .from(standIns)
      .where(eq(standIns.email, email))
      .orderBy(desc(standIns.createdAt))
      .limit(1);
    return row;
  },
  /** Once per order: a retried checkout (same Idempotency-Key) answers the same order again. */
  async addOrder(db: Executor, standInId: string, orderId: string) {
    const added = JSON.stringify([orderId]);
    await db
      .update(standIns)
      .set({ orderIds: sql`${standIns.orderIds} || ${added}::jsonb` })
      .where(and(eq(standIns.id, standInId), sql`not ${standIns.orderIds} @> ${added}::jsonb`));
  },
};
