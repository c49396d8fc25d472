import { randomBytes } from 'node:crypto';
import { accountsRepo } from '../accounts/accounts.repo';
import { hashPassword } from '../accounts/passwords';
import { assertOperatorPassword } from '../accounts/password-policy';
import type { Db } from '../db/client';

/**
 * `npm run admin:create`: makes the account of `email` the operator with this password (DECISIONS 30).
 * An account someone else signed up with that address before loses its password, sessions and links:
 * the role is never granted by an e-mail match, so nothing the earlier holder did carries over.
 */
export async function setAdminPassword(
  db: Db,
  email: string,
  password: string,
  now: Date,
  shopName?: string,
): Promise<void> {
  await assertOperatorPassword(password, email, shopName);
  await writeOperator(db, email, await hashPassword(password), now);
}

async function writeOperator(db: Db, email: string, passwordHash: string, now: Date) {
  await db.transaction(async (tx) => {
    const inserted = await accountsRepo.insertUser(tx, {
      email,
      name: 'Administrador',
      passwordHash,
      role: 'operator',
      emailVerifiedAt: now,
      createdAt: now,
    });
    if (inserted) return;
    const existing = (await accountsRepo.findUserByEmail(tx, email))!;
    await accountsRepo.replaceWithOperator(tx, existing.id, passwordHash, now);
  });
}

/**
 * First start of the embedded default with no operator yet: a random password, returned so it can be
 * printed once. Never on PostgreSQL, where the operator is made with `npm run admin:create`.
 */
export async function ensureInitialAdmin(db: Db, email: string, now: Date): Promise<string | null> {
  if (await accountsRepo.findOperator(db, email)) return null;
  // 96 random bits: no policy check needed (zxcvbn scores it 4).
  const password = randomBytes(12).toString('base64url');
  await writeOperator(db, email, await hashPassword(password), now);
  return password;
}

export const hasOperator = async (db: Db, email: string) =>
  (await accountsRepo.findOperator(db, email)) !== undefined;
