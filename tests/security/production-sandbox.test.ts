import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';

// Issue 9 §3, docs/product.md#test-mode: the sandbox (anyone can confirm their own order) never serves
// production by accident.
const root = path.resolve(import.meta.dirname, '../..');

/** A shop ready to go live; each test breaks one thing. */
const live = {
  NODE_ENV: 'production',
  PAYMENT_PROVIDER: 'asaas',
  ASAAS_API_URL: 'https://api.asaas.com/v3',
  ASAAS_API_KEY: 'k',
  ASAAS_WEBHOOK_TOKEN: 't'.repeat(32),
  FULFILMENT_PROVIDER: 'smm',
  SMM_API_URL: 'https://painel.example/api/v2',
  SMM_API_KEY: 'chave',
  SMM_SERVICE_FOLLOWERS: '1',
  SMM_SERVICE_LIKES: '2',
  SMM_SERVICE_VIEWS: '3',
  PUBLIC_URL: 'https://www.lojadabia.com.br',
  SHOP_LEGAL_NAME: 'Bia Marketing LTDA',
  SHOP_CNPJ: '12.345.678/0001-95',
  SHOP_ADDRESS: 'Rua A, 1 – Centro, Campinas – SP, 13000-000',
  SHOP_WHATSAPP: '5519988887777',
  SHOP_SUPPORT_EMAIL: 'ajuda@lojadabia.com.br',
  ADMIN_EMAIL: 'bia@lojadabia.com.br',
  MAIL_FROM: 'Loja da Bia <nao-responda@lojadabia.com.br>',
  SMTP_URL: 'smtps://u:p@smtp.lojadabia.com.br:465',
};
const refusal = (env: Record<string, string | undefined>) => {
  try {
    loadConfig(env);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
};

it('refuses production with the sandbox provider unless ALLOW_SANDBOX_PAYMENTS=1', () => {
  expect(refusal({ ...live, PAYMENT_PROVIDER: 'sandbox', FULFILMENT_PROVIDER: 'manual' })).toMatch(
    /PAYMENT_PROVIDER=asaas.*ALLOW_SANDBOX_PAYMENTS=1/,
  );
  const demo = { ...live, PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS: '1' };
  expect(loadConfig({ ...demo, FULFILMENT_PROVIDER: 'manual' }).shop.sandbox).toBe(true);
  expect(loadConfig({ NODE_ENV: 'development' }).shop.sandbox).toBe(true);
  expect(loadConfig(live).shop.sandbox).toBe(false);
});

// Issue 25 §1: each way of going live wrong is refused at start, naming the variable and its fix.
it.each([
  [
    'the simulated panel',
    { FULFILMENT_PROVIDER: 'sandbox' },
    'FULFILMENT_PROVIDER=sandbox com pagamentos reais',
  ],
  [
    'the simulated panel in a demo shop without ALLOW_SANDBOX_FULFILMENT',
    { PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS: '1', FULFILMENT_PROVIDER: 'sandbox' },
    'ALLOW_SANDBOX_FULFILMENT=1',
  ],
  [
    'simulated payments sending real orders to the SMM panel',
    { PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS: '1' },
    'FULFILMENT_PROVIDER=smm com pagamentos de teste',
  ],
  ["Asaas's sandbox URL", { ASAAS_API_URL: undefined }, 'defina ASAAS_API_URL=https://api.asaas.com/v3'],
  ['an http PUBLIC_URL', { PUBLIC_URL: 'http://localhost:3000' }, 'PUBLIC_URL=http://localhost:3000'],
  ['no PUBLIC_URL', { PUBLIC_URL: undefined }, 'PUBLIC_URL=(vazio)'],
  ['the sample CNPJ', { SHOP_CNPJ: undefined }, 'SHOP_CNPJ ainda é o exemplo (00.000.000/0001-00)'],
  [
    'the sample ADMIN_EMAIL',
    { ADMIN_EMAIL: undefined },
    'ADMIN_EMAIL ainda é o exemplo (admin@impulso.example)',
  ],
  ['no SMTP_URL', { SMTP_URL: undefined }, 'SMTP_URL vazio'],
])('refuses %s', (_what, change, expected) => {
  const message = refusal({ ...live, ...change });
  expect(message).toContain('A configuração não serve para NODE_ENV=production');
  expect(message).toContain(expected);
});

it('names every problem at once, one line each', () => {
  const lines = refusal({ NODE_ENV: 'production' }).split('\n').slice(1);
  expect(lines.length).toBeGreaterThanOrEqual(10);
  for (const line of lines) expect(line).toMatch(/^- [A-Z_]+/);
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
  expect(run.stderr).toContain('FULFILMENT_PROVIDER=sandbox marca pedidos como entregues');
}, 40_000);

it('ASAAS_WEBHOOK_TOKEN is checked at start: Asaas takes 32 to 255 characters', () => {
  const env = { PAYMENT_PROVIDER: 'asaas', ASAAS_API_KEY: 'k' };
  expect(() => loadConfig({ ...env, ASAAS_WEBHOOK_TOKEN: 't'.repeat(31) })).toThrow(
    /ASAAS_WEBHOOK_TOKEN: Asaas requires 32 to 255 characters/,
  );
  expect(() => loadConfig({ ...env, ASAAS_WEBHOOK_TOKEN: 't'.repeat(256) })).toThrow(/32 to 255/);
  expect(loadConfig({ ...env, ASAAS_WEBHOOK_TOKEN: 't'.repeat(255) }).asaas.webhookToken).toHaveLength(255);
});
