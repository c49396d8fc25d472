import { randomBytes } from 'node:crypto';
import { accountsRepo } from '../accounts/accounts.repo';
import { hashPassword } from '../accounts/passwords';
import { assertOperatorPassword } from '../accounts/password-policy';
import type { Db } from '../db/client';
import { operatorSecurityRepo } from './operator-security.repo';
import { writeInitialPassword } from './initial-password-file';

/**
 * `npm run admin:create`: makes the account of `email` the operator with this password
 * (docs/product.md#operator). An account someone else signed up with that address before loses its password,
 * sessions and links: the role is never granted by an e-mail match, so nothing the earlier holder did carries
 * over. The second factor is reset too: this is the owner's way back in after losing the phone and the
 * recovery codes (ADR 027). A password the owner chose is not asked to be changed.
 */
export async function setAdminPassword(
  db: Db,
  email: string,
  password: string,
  now: Date,
  shopName?: string,
): Promise<void> {
  await assertOperatorPassword(password, email, shopName);
  await writeOperator(db, email, await hashPassword(password), now, false);
}

async function writeOperator(db: Db, email: string, passwordHash: string, now: Date, mustChange: boolean) {
  await db.transaction(async (tx) => {
    const inserted = await accountsRepo.insertUser(tx, {
      email,
      name: 'Administrador',
      passwordHash,
      role: 'operator',
      emailVerifiedAt: now,
      createdAt: now,
      mustChangePassword: mustChange,
    });
    if (inserted) return;
    const existing = (await accountsRepo.findUserByEmail(tx, email))!;
    await accountsRepo.replaceWithOperator(tx, existing.id, passwordHash, now, mustChange);
    await operatorSecurityRepo.clearSecondFactor(tx, existing.id);
  });
}

/**
 * First start of the embedded default with no operator yet: a random password, handed to `keep` (which
 * writes it to a file only the service user reads) before the account exists, so it is never lost; the
 * account must change it at its first sign-in (issue 24 §9). Never on PostgreSQL, where the operator is
 * made with `npm run admin:create`. True when it made one.
 */
export async function ensureInitialAdmin(
  db: Db,
  email: string,
  now: Date,
  keep: (password: string) => Promise<void>,
): Promise<boolean> {
  if (await accountsRepo.findOperator(db, email)) return false;
  // 96 random bits: no policy check needed (zxcvbn scores it 4).
  const password = randomBytes(12).toString('base64url');
  await keep(password);
  await writeOperator(db, email, await hashPassword(password), now, true);
  return true;
}

export const hasOperator = async (db: Db, email: string) =>
  (await accountsRepo.findOperator(db, email)) !== undefined;

/**
 * What main.ts does about the operator at start: on the embedded database with none yet, a first one
 * whose password goes to `passwordFile` (0600) while the log says only where (issue 24 §9); on
 * PostgreSQL with none, how to make one.
 */
export async function firstStart(
  db: Db,
  options: { adminEmail: string; embedded: boolean; passwordFile: string },
  warn: (line: string) => void,
) {
  const { adminEmail, passwordFile } = options;
  if (options.embedded) {
    const made = await ensureInitialAdmin(db, adminEmail, new Date(), (password) =>
      writeInitialPassword(passwordFile, password),
    );
    if (made) {
      warn(
        `Senha inicial do administrador ${adminEmail} gravada em ${passwordFile} ` +
          '(só o usuário do serviço pode ler).\n' +
          'Entre em /admin/login com ela: o painel pede uma senha nova no primeiro acesso e apaga o arquivo.',
      );
    }
  } else if (!(await hasOperator(db, adminEmail))) {
    warn(
      `Nenhum administrador ainda: o painel /admin fica fechado até você criar um com\n` +
        `  npm run admin:create -- --email ${adminEmail} --password '<senha forte, 10+ caracteres>'`,
    );
  }
}
