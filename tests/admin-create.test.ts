import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { accountsRepo } from '#server/accounts/accounts.repo.ts';
import { verifyPassword } from '#server/accounts/passwords.ts';
import { seedMigratedDataDir } from './helpers/database-template';

const root = path.resolve(import.meta.dirname, '..');
const run = (args: string[], env: Record<string, string>) =>
  execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'src/server/admin/admin-create.ts'), ...args],
    {
      env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      stdio: 'pipe',
    },
  );

it('admin:create sets the password of ADMIN_EMAIL and refuses any other e-mail', async () => {
  // The shop's data directory as `npm start` leaves it: migrated (a copy of the tests' database, not
  // migrated again on disk), so the CLI's own work is what this measures.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'impulso-admin-create-'));
  await seedMigratedDataDir(dataDir);
  const env = { DATA_DIR: dataDir, ADMIN_EMAIL: 'dona@loja.example', DATABASE_URL: '' };
  expect(() => run(['--email', 'outra@loja.example', '--password', 'senha-longa-123'], env)).toThrow();
  expect(run(['--email', 'Dona@Loja.example', '--password', 'senha-longa-123'], env)).toContain('definida');
  const database = await openDatabase({
    dataDir: path.join(dataDir, 'pglite'),
    migrationsFolder: path.join(root, 'drizzle'),
  });
  const user = await accountsRepo.findUserByEmail(database.db, 'dona@loja.example');
  expect(await verifyPassword(user!.passwordHash, 'senha-longa-123')).toBe(true);
  await database.close();
}, 60_000);
