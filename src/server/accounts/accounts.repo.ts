import { and, desc, eq, gt, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { emailTokens, orders, sessions, users, type UserRow } from '../db/schema';

export const accountsRepo = {
  async findUserByEmail(db: Executor, email: string) {
    const [row] = await db.select().from(users).where(eq(users.email, email));
    return row;
  },
  async insertUser(db: Executor, user: typeof users.$inferInsert) {
    const [row] = await db
      .insert(users)
      .values(user)
      .onConflictDoNothing({ target: users.email })
      .returning();
    return row;
  },
  async insertSession(db: Executor, session: typeof sessions.$inferInsert) {
    await db.insert(sessions).values(session);
  },
  async userForSession(db: Executor, tokenHash: string, now: Date): Promise<UserRow | undefined> {
    const [row] = await db
      .select({ user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)));
    return row?.user;
  },
  async deleteSession(db: Executor, tokenHash: string) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
  },
  async findUserById(db: Executor, id: string) {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row;
  },
  /** Ends every session of the account, but the one whose hash is `keep` when given. */
  async deleteSessionsOf(db: Executor, userId: string, keep?: string) {
    await db
      .delete(sessions)
      .where(
        keep ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keep)) : eq(sessions.userId, userId),
      );
  },
  /** Marks every unused link of the account used (a reset voids the links sent before it). */
  async voidTokensOf(db: Executor, userId: string, now: Date) {
    await db
      .update(emailTokens)
      .set({ usedAt: now })
      .where(and(eq(emailTokens.userId, userId), isNull(emailTokens.usedAt)));
  },
  async insertToken(db: Executor, token: typeof emailTokens.$inferInsert) {
    await db.insert(emailTokens).values(token);
  },
  /** Marks a live token used and returns its user id: single use, even under concurrent clicks. */
  async consumeToken(
    db: Executor,
    tokenHash: string,
    purpose: string,
    now: Date,
  ): Promise<string | undefined> {
    const [row] = await db
      .update(emailTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailTokens.tokenHash, tokenHash),
          eq(emailTokens.purpose, purpose),
          isNull(emailTokens.usedAt),
          gt(emailTokens.expiresAt, now),
        ),
      )
      .returning({ userId: emailTokens.userId });
    return row?.userId;
  },
  async markVerified(db: Executor, userId: string, now: Date) {
    await db.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, userId));
  },
  async setPassword(db: Executor, userId: string, passwordHash: string) {
    await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  },
  /** The operator account of `email`, if admin:create (or the first start) has made one. */
  async findOperator(db: Executor, email: string) {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.email, email), eq(users.role, 'operator')));
    return row;
  },
  /** Makes the account of `email` the operator with new credentials: whatever it was before is gone. */
  async replaceWithOperator(
    db: Executor,
    userId: string,
    passwordHash: string,
    now: Date,
    mustChangePassword: boolean,
  ) {
    await db
      .update(users)
      .set({
        passwordHash,
        role: 'operator',
        name: 'Administrador',
        emailVerifiedAt: now,
        mustChangePassword,
      })
      .where(eq(users.id, userId));
    await db.delete(sessions).where(eq(sessions.userId, userId));
    await db.delete(emailTokens).where(eq(emailTokens.userId, userId));
  },
  /**
   * Orders placed while signed in, and orders placed with the account's e-mail once that e-mail is
   * verified: otherwise anyone could sign up with a buyer's address and read their orders.
   */
  async ordersFor(db: Db, user: UserRow) {
    const own = eq(orders.userId, user.id);
    return db
      .select()
      .from(orders)
      .where(user.emailVerifiedAt ? or(own, eq(orders.email, user.email)) : own)
      .orderBy(desc(orders.createdAt))
      .limit(200);
  },
  /** A stand-in's orders: only those placed in its own sessions. */
  async ordersByIds(db: Db, ids: string[]) {
    if (ids.length === 0) return [];
    return db.select().from(orders).where(inArray(orders.id, ids)).orderBy(desc(orders.createdAt)).limit(200);
  },
};
