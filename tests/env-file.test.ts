import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { envSchema } from '#server/config-env.ts';
import { goLiveProblems } from '#server/config-go-live.ts';
import { productionDemoEnv } from './helpers/production-env';

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

// Issue 25 §2: the two templates. `.env.example` is the local one and works as copied; the production one,
// deploy/impulso.env.example, is refused until the shop's own values are in, and only for those. Every
// name either template shows, set or commented out (`# NAME=`), is a variable the app or a script reads.
const template = (file: string) => readFileSync(path.resolve(file), 'utf8');
const scriptVariables = ['BACKUP_DIR', 'ENV_FILE']; // scripts/backup.mjs, scripts/load-env.mjs
const namesIn = (text: string) =>
  [...text.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1] as string);

describe('the env templates', () => {
  it.each(['.env.example', 'deploy/impulso.env.example'])('%s names only known variables', (file) => {
    const known = new Set([...Object.keys(envSchema.shape), ...scriptVariables]);
    const names = namesIn(template(file));
    expect(names.length).toBeGreaterThan(10);
    expect(names.filter((name) => !known.has(name))).toEqual([]);
  });

  it('.env.example documents every variable of the schema', () => {
    const names = new Set(namesIn(template('.env.example')));
    expect(Object.keys(envSchema.shape).filter((name) => !names.has(name))).toEqual([]);
  });

  it('.env.example, copied as is, starts a local shop: development, test payments, simulator, PGlite', () => {
    const env = parseEnv(template('.env.example'));
    const config = loadConfig(env);
    expect(config.env).toBe('development');
    expect(config.paymentProvider).toBe('sandbox');
    expect(config.fulfilment.provider).toBe('sandbox');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.shop.name).toBe('Minha Loja');
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  // Issue 28: WhatsApp is off as copied, and the production template shows its variables to fill.
  it.each(['.env.example', 'deploy/impulso.env.example'])(
    '%s shows the WHATSAPP_* variables, off',
    (file) => {
      const whatsapp = Object.keys(envSchema.shape).filter((name) => name.startsWith('WHATSAPP_'));
      expect(whatsapp.sort()).toEqual(
        [
          'WHATSAPP_API_URL',
          'WHATSAPP_TOKEN',
          'WHATSAPP_PHONE_NUMBER_ID',
          'WHATSAPP_APP_SECRET',
          'WHATSAPP_VERIFY_TOKEN',
        ].sort(),
      );
      const names = namesIn(template(file));
      expect(whatsapp.filter((name) => !names.includes(name))).toEqual([]);
      expect(envSchema.parse(parseEnv(template(file))).WHATSAPP_TOKEN).toBeUndefined();
    },
  );

  it('deploy/impulso.env.example is refused in production for its placeholders only, and starts once filled', () => {
    const env = parseEnv(template('deploy/impulso.env.example'));
    expect(env.NODE_ENV).toBe('production');
    expect(env.PORT ?? env.HOST ?? env.DATA_DIR).toBeUndefined(); // the unit sets them per instance
    const problems = goLiveProblems(envSchema.parse(env));
    const named = problems.map((problem) => /^[A-Z_]+/.exec(problem)?.[0]);
    expect(named.sort()).toEqual(
      [
        'PUBLIC_URL',
        'SHOP_LEGAL_NAME',
        'SHOP_CNPJ',
        'SHOP_ADDRESS',
        'SHOP_WHATSAPP',
        'SHOP_SUPPORT_EMAIL',
        'ADMIN_EMAIL',
        'MAIL_FROM',
        'SMTP_URL',
      ].sort(),
    );
    expect(() => loadConfig(env)).toThrow(/ASAAS_API_KEY/);

    const filled = {
      ...env,
      ...productionDemoEnv,
      ALLOW_SANDBOX_PAYMENTS: '0',
      ALLOW_SANDBOX_FULFILMENT: '0',
      ASAAS_API_KEY: '$aact_prod_exemplo',
      ASAAS_WEBHOOK_TOKEN: 'a'.repeat(48),
      RATE_LIMIT_SECRET: 'b'.repeat(64),
      METRICS_TOKEN: 'c'.repeat(64),
      METRICS_ALLOW_FROM: '10.0.0.0/8, 192.168.0.9',
      SMM_API_URL: 'https://painel.example.com/api/v2',
      SMM_API_KEY: 'chave',
      SMM_SERVICE_FOLLOWERS: '101',
      SMM_SERVICE_LIKES: '102',
      SMM_SERVICE_VIEWS: '103',
    };
    const config = loadConfig(filled);
    expect(config.env).toBe('production');
    expect(config.paymentProvider).toBe('asaas');
    expect(config.asaas.apiUrl).toBe('https://api.asaas.com/v3');
    expect(config.fulfilment.provider).toBe('smm');
    expect(config.metrics).toEqual({ token: 'c'.repeat(64), allowFrom: ['10.0.0.0/8', '192.168.0.9'] });
  });
});
