import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { adminPendingLogins, operatorRecoveryCodes, sessions, users } from '../db/schema';

/** The operator's password change, second factor and pending sign-ins (ADR 027). */
export const operatorSecurityRepo = {
  /** A new password: the forced change is done. */
  async setPassword(db: Executor, userId: string, passwordHash: string) {
    await db.update(users).set({ passwordHash, mustChangePassword: false }).where(eq(users.id, userId));
  },
  /** Ends every session of the account but `keepHash`. */
  async endOtherSessions(db: Executor, userId: string, keepHash: string) {
    await db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), sql`${sessions.tokenHash} <> ${keepHash}`));
  },
  async setPendingSecret(db: Executor, userId: string, secret: string) {
    await db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, userId));
  },
  /**
   * Turns the pending secret on, with the step of the code that confirmed it as the last used, and
   * replaces the recovery codes; only if the pending secret is still `secret` (a second setup started
   * meanwhile wins).
   */
  async enableTotp(db: Db, userId: string, secret: string, step: number, codeHashes: string[], now: Date) {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ totpSecret: secret, totpPendingSecret: null, totpLastStep: step, totpEnabledAt: now })
        .where(and(eq(users.id, userId), eq(users.totpPendingSecret, secret)))
        .returning({ id: users.id });
      if (!row) return false;
      await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.userId, userId));
      await tx
        .insert(operatorRecoveryCodes)
        .values(codeHashes.map((codeHash) => ({ codeHash, userId, createdAt: now })));
      return true;
    });
  },
  /**
   * Records `step` as used when it is later than the last one: one statement, so two requests with the
   * same code cannot both pass.
   */
  async useTotpStep(db: Executor, userId: string, step: number): Promise<boolean> {
    const rows = await db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    return rows.length === 1;
  },
  /** Marks an unused recovery code used; true only for the one request that did. */
  async useRecoveryCode(db: Executor, userId: string, codeHash: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(operatorRecoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(operatorRecoveryCodes.codeHash, codeHash),
          eq(operatorRecoveryCodes.userId, userId),
          isNull(operatorRecoveryCodes.usedAt),
        ),
      )
      .returning({ codeHash: operatorRecoveryCodes.codeHash });
    return rows.length === 1;
  },
  async isUnusedRecoveryCode(db: Executor, userId: string, codeHash: string): Promise<boolean> {
    const rows = await db
      .select({ codeHash: operatorRecoveryCodes.codeHash })
      .from(operatorRecoveryCodes)
      .where(
        and(
          eq(operatorRecoveryCodes.codeHash, codeHash),
          eq(operatorRecoveryCodes.userId, userId),
          isNull(operatorRecoveryCodes.usedAt),
        ),
      );
    return rows.length === 1;
  },
  async unusedRecoveryCodes(db: Executor, userId: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(operatorRecoveryCodes)
      .where(and(eq(operatorRecoveryCodes.userId, userId), isNull(operatorRecoveryCodes.usedAt)));
    return row?.n ?? 0;
  },
  /** admin:create replaces the credentials: the second factor goes too (the owner's way back in). */
  async clearSecondFactor(db: Executor, userId: string) {
    await db
      .update(users)
      .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null, totpEnabledAt: null })
      .where(eq(users.id, userId));
    await db.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.userId, userId));
    await db.delete(adminPendingLogins).where(eq(adminPendingLogins.userId, userId));
  },

  async insertPendingLogin(db: Db, row: typeof adminPendingLogins.$inferInsert, now: Date) {
    // Expired ones go here: the table holds only minutes of sign-ins.
    await db.delete(adminPendingLogins).where(lt(adminPendingLogins.expiresAt, now));
    await db.insert(adminPendingLogins).values(row);
  },
  /**
   * Counts one code attempt on a live pending sign-in, in one statement (concurrent codes each get their
   * own number, and none past `max`); undefined when expired, spent or unknown.
   */
  async reservePendingAttempt(db: Executor, tokenHash: string, now: Date, max: number) {
    const [row] = await db
      .update(adminPendingLogins)
      .set({ attempts: sql`${adminPendingLogins.attempts} + 1` })
      .where(
        and(
          eq(adminPendingLogins.tokenHash, tokenHash),
          gt(adminPendingLogins.expiresAt, now),
          lt(adminPendingLogins.attempts, max),
        ),
      )
      .returning();
    return row;
  },
  async deletePendingLogin(db: Executor, tokenHash: string) {
    await db.delete(adminPendingLogins).where(eq(adminPendingLogins.tokenHash, tokenHash));
  },
};
