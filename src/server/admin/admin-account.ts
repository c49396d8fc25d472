import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { accountsRepo } from '../accounts/accounts.repo';
import { hashPassword } from '../accounts/passwords';
import type { Db } from '../db/client';
import { users } from '../db/schema';

/** Creates the admin account or changes its password (`npm run admin:create`). */
export async function setAdminPassword(db: Db, email: string, password: string, now: Date): Promise<void> {
  const passwordHash = await hashPassword(password);
  const existing = await accountsRepo.findUserByEmail(db, email);
  if (existing) {
    await db.update(users).set({ passwordHash }).where(eq(users.id, existing.id));
  } else {
    await accountsRepo.insertUser(db, {
      email,
      name: 'Administrador',
      passwordHash,
      emailVerifiedAt: now,
      createdAt: now,
    });
  }
}

/**
 * First start of the embedded default with no admin yet: a random password, returned so it can be
 * printed once. Never on PostgreSQL, where the operator sets it with `npm run admin:create`.
 */
export async function ensureInitialAdmin(db: Db, email: string, now: Date): Promise<string | null> {
  if (await accountsRepo.findUserByEmail(db, email)) return null;
  const password = randomBytes(12).toString('base64url');
  await setAdminPassword(db, email, password, now);
  return password;
}
