import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';

// Issue 9 §3, DECISIONS 29: the sandbox (anyone can confirm their own order) never serves production by
// accident.
const root = path.resolve(import.meta.dirname, '../..');

it('refuses production with the sandbox provider unless ALLOW_SANDBOX_PAYMENTS=1', () => {
  expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/ALLOW_SANDBOX_PAYMENTS=1/);
  expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' })).toThrow(
    /PAYMENT_PROVIDER=asaas/,
  );
  expect(loadConfig({ NODE_ENV: 'production', ALLOW_SANDBOX_PAYMENTS: '1' }).shop.sandbox).toBe(true);
  expect(loadConfig({ NODE_ENV: 'development' }).shop.sandbox).toBe(true);
  const asaas = loadConfig({
    NODE_ENV: 'production',
    PAYMENT_PROVIDER: 'asaas',
    ASAAS_API_KEY: 'k',
    ASAAS_WEBHOOK_TOKEN: 't'.repeat(32),
  });
  expect(asaas.shop.sandbox).toBe(false);
});

it('the server exits at start with the message naming the fix', () => {
  const { PAYMENT_PROVIDER: _unset, ...env } = process.env;
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    env: { ...env, NODE_ENV: 'production', DATABASE_URL: '', PORT: '0' },
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('ALLOW_SANDBOX_PAYMENTS=1');
}, 40_000);

it('ASAAS_WEBHOOK_TOKEN is checked at start: Asaas takes 32 to 255 characters', () => {
  const env = { PAYMENT_PROVIDER: 'asaas', ASAAS_API_KEY: 'k' };
  expect(() => loadConfig({ ...env, ASAAS_WEBHOOK_TOKEN: 't'.repeat(31) })).toThrow(
    /ASAAS_WEBHOOK_TOKEN: Asaas requires 32 to 255 characters/,
  );
  expect(() => loadConfig({ ...env, ASAAS_WEBHOOK_TOKEN: 't'.repeat(256) })).toThrow(/32 to 255/);
  expect(loadConfig({ ...env, ASAAS_WEBHOOK_TOKEN: 't'.repeat(255) }).asaas.webhookToken).toHaveLength(255);
});
