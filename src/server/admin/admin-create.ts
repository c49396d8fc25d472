import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { assertOperatorPassword } from '../accounts/password-policy';
import { AppError } from '../errors';
import { setAdminPassword } from './admin-account';
import { projectRoot } from '../project-root';

// `npm run admin:create -- --email admin@loja.com.br --password '…'`: makes ADMIN_EMAIL's account the
// operator with this password and ends every session it had (docs/product.md#operator).
const root = projectRoot(import.meta.url);
const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } });
const config = loadConfig();
const email = values.email?.trim().toLowerCase();
if (!email || !values.password) {
  console.error('Uso: npm run admin:create -- --email <e-mail> --password <senha>');
  process.exit(2);
}
if (email !== config.adminEmail) {
  console.error(
    `O e-mail precisa ser o ADMIN_EMAIL configurado (${config.adminEmail}). Ajuste ADMIN_EMAIL e repita.`,
  );
  process.exit(2);
}
try {
  await assertOperatorPassword(values.password, email, config.shop.name);
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  console.error(error.message);
  process.exit(2);
}
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: path.resolve(config.dataDir, 'pglite'),
  migrationsFolder: path.join(root, 'drizzle'),
});
await database.migrate();
await setAdminPassword(database.db, email, values.password, new Date(), config.shop.name);
await database.close();
console.log(`Senha do administrador ${email} definida. Sessões anteriores desta conta foram encerradas.`);
