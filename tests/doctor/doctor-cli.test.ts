import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { createTestDatabase } from '../helpers/test-database';
import { pgliteTemplate } from '../helpers/database-template';
import { startDoctorServices, type DoctorServices } from './doctor-services';

// Issue 25 §3: `npm run doctor` itself, as the owner runs it (build, .env loader, the CLI), against the
// stand-ins: its lines on stdout and its exit code.

let services: DoctorServices;
let databaseEnv: Record<string, string>;
let closeDatabase = async () => undefined as void;
beforeAll(async () => {
  services = await startDoctorServices();
  if (process.env.TEST_DATABASE_URL) {
    const database = await createTestDatabase();
    databaseEnv = { DATABASE_URL: database.url! };
    closeDatabase = () => database.close();
  } else {
    // The shop's PGlite, migrated as `npm start` leaves it (a copy of the tests' migrated database, not
    // migrated again on disk), then closed: the CLI opens it alone.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'impulso-doctor-'));
    const database = await openDatabase({
      dataDir: path.join(dataDir, 'pglite'),
      loadDataDir: await pgliteTemplate(),
      migrationsFolder: path.resolve('drizzle'),
    });
    await database.close();
    databaseEnv = { DATA_DIR: dataDir };
  }
});
afterAll(async () => {
  await closeDatabase();
  await services?.close();
});

/**
 * `npm run doctor --silent -- …args` with only these variables (no .env of the developer's). The first
 * call goes through npm, as the owner runs it (it builds the CLI); the others run the CLI it built the
 * way the script does, without npm and esbuild again (2–3 s a call).
 */
let built = false;
async function doctor(env: Record<string, string>, args: string[] = []) {
  const cli = ['--import', './scripts/load-env.mjs', 'dist/server/doctor-cli.js'];
  const command: [string, string[]] = built
    ? [process.execPath, [...cli, '--timeout-ms', '3000', ...args]]
    : ['npm', ['run', 'doctor', '--silent', '--', '--timeout-ms', '3000', ...args]];
  const child = spawn(...command, {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ENV_FILE: '/dev/null', ...env },
  });
  built = true;
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout })),
  );
}

it(
  'every service right: one ✔ line per check, ⚠ for the sample identity, exit 0',
  { timeout: 60_000 },
  async () => {
    const { code, stdout } = await doctor({ ...services.env, ...databaseEnv });
    expect(stdout).toMatch(/^✔ Banco de dados: (PGlite|PostgreSQL) conectado, \d+ migrações aplicadas$/m);
    expect(stdout).toMatch(/^✔ Colocar no ar: NODE_ENV=development/m);
    // Issue 46 §4: what production would refuse is said now, and "Tudo certo." waits for it.
    expect(stdout).toMatch(/^⚠ Colocar no ar: SHOP_CNPJ ainda é o exemplo \(00\.000\.000\/0001-00\)/m);
    expect(stdout).toMatch(/^⚠ Asaas: chave válida/m);
    expect(stdout).toMatch(/^✔ Asaas webhook: /m);
    expect(stdout).toMatch(/^✔ Asaas PIX: /m);
    expect(stdout).toMatch(/^✔ Painel SMM: conectado, saldo 100\.00 USD$/m);
    expect(stdout).toMatch(/^✔ E-mail \(SMTP\): /m);
    expect(stdout).toMatch(/^Funciona, com \d+ aviso\(s\) a conferir antes de colocar no ar/m);
    expect(stdout).not.toContain('Tudo certo.');
    expect(stdout).not.toMatch(/^✘/m);
    expect(stdout).not.toContain(services.asaas.apiKey);
    expect(code).toBe(0);
  },
);

it(
  'a webhook and a PIX key missing, and --send: their ✘ lines, the e-mail sent, exit 1',
  { timeout: 60_000 },
  async () => {
    services.asaas.account.webhooks = [];
    services.asaas.account.pixKeys = [];
    const before = services.mails.length;
    try {
      const { code, stdout } = await doctor({ ...services.env, ...databaseEnv }, ['--send']);
      expect(stdout).toMatch(
        /^✘ Asaas webhook: nenhum webhook aponta http:\/\/127\.0\.0\.1:\d+\/api\/webhooks\/asaas\./m,
      );
      expect(stdout).toMatch(/^✘ Asaas PIX: nenhuma chave PIX ativa: cadastre uma/m);
      expect(stdout).toMatch(/^✔ E-mail \(SMTP\): .*e-mail de teste enviado para dona@loja\.example$/m);
      expect(stdout).toContain('2 verificação(ões) falharam');
      expect(services.mails.length).toBe(before + 1);
      expect(code).toBe(1);
    } finally {
      services.setRight();
    }
  },
);

it(
  'production with the sample identity: a ✘ line per go-live problem, the rest still checked',
  { timeout: 60_000 },
  async () => {
    const { code, stdout } = await doctor({ ...services.env, ...databaseEnv, NODE_ENV: 'production' });
    expect(stdout).toMatch(/^✘ Colocar no ar: SHOP_CNPJ ainda é o exemplo/m);
    expect(stdout).toMatch(/^✘ Colocar no ar: PUBLIC_URL=http:\/\/127\.0\.0\.1/m);
    expect(stdout).toMatch(/^✔ Asaas webhook: /m);
    expect(code).toBe(1);
  },
);

it('a variable the shop cannot read: one ✘ Configuração line, exit 1', { timeout: 60_000 }, async () => {
  const { code, stdout } = await doctor({ ...services.env, ...databaseEnv, ASAAS_WEBHOOK_TOKEN: 'curto' });
  expect(stdout).toMatch(
    /^✘ Configuração: Invalid configuration: ASAAS_WEBHOOK_TOKEN: Asaas requires 32 to 255 characters/m,
  );
  expect(stdout).not.toContain('curto');
  expect(code).toBe(1);
});
