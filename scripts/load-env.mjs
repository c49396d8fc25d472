// Preloaded by `npm start`, `admin:create`, `backup`, `restore` (`node --import ./scripts/load-env.mjs`):
// reads `.env` in the project, or the file ENV_FILE names (e.g. /etc/impulso/impulso.env), into the
// environment with Node's own loader. A variable already set wins over the file.
import { existsSync } from 'node:fs';
import path from 'node:path';

const named = process.env.ENV_FILE;
const file = named ? path.resolve(named) : path.resolve(import.meta.dirname, '..', '.env');
if (named && !existsSync(file)) {
  console.error(`ENV_FILE=${named}: o arquivo não existe. Corrija o caminho ou remova ENV_FILE.`);
  process.exit(1);
}
if (existsSync(file)) process.loadEnvFile(file);
