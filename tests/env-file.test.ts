import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';

// Issue 25 §2: `npm start`, `admin:create`, `backup` and `restore` preload scripts/load-env.mjs, which reads
// `.env` or ENV_FILE with Node's own loader; what the shell already set wins.
const loader = path.resolve('scripts/load-env.mjs');
const show = 'console.log(JSON.stringify([process.env.SHOP_NAME, process.env.MAIL_FROM]))';
const run = (env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', loader, '-e', show], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });

it('reads the file ENV_FILE names, and a variable already set wins over it', () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'impulso-env-')), 'impulso.env');
  writeFileSync(file, 'SHOP_NAME="Loja da Bia"\nMAIL_FROM=arquivo@loja.example\n');
  const read = run({ ENV_FILE: file, MAIL_FROM: 'shell@loja.example' });
  expect(read.status).toBe(0);
  expect(JSON.parse(read.stdout)).toEqual(['Loja da Bia', 'shell@loja.example']);
});

it('refuses a missing ENV_FILE in pt-BR instead of starting without it', () => {
  const missing = run({ ENV_FILE: '/nao/existe/impulso.env' });
  expect(missing.status).toBe(1);
  expect(missing.stderr).toContain('ENV_FILE=/nao/existe/impulso.env: o arquivo não existe.');
});
