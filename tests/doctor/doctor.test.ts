import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '#server/config.ts';
import { openDatabase, type Database } from '#server/db/client.ts';
import { runDoctor } from '#server/doctor/run-doctor.ts';
import { goLiveCheck } from '#server/doctor/go-live-check.ts';
import { parseEnv } from '#server/config.ts';
import { shopWebhookEvents } from '#server/payments/asaas/asaas-events.ts';
import { fakePixKey, fakeWebhook } from '../fake-asaas/fake-asaas-account';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { startDoctorServices, webhookToken, type DoctorServices } from './doctor-services';

// Issue 25 §3: the doctor asks Asaas, the SMM panel, SMTP and the public address, here stand-ins answering
// right and wrong; each wrong answer gives its own failing line with what to do.

let services: DoctorServices;
let app: TestApp;
/** A database never migrated; made first, as its start holds the event loop for seconds. */
let empty: Database;
beforeAll(async () => {
  empty = await openDatabase({ migrationsFolder: path.resolve('drizzle') });
  await empty.ping();
  services = await startDoctorServices();
  app = await createTestApp(services.env);
});
afterAll(async () => {
  await empty?.close();
  await app?.close();
  await services?.close();
});
beforeEach(() => services.setRight());

/** Generous limits where the services answer; the timeout tests pass a short one. */
const doctor = (config: Readonly<Config> = app.config, send = false, timeoutMs = 5000) =>
  runDoctor({
    config,
    database: app.database,
    fulfilment: app.fulfilment.ctx,
    goLive: [],
    timeoutMs,
    send,
  });
const failing = async (config?: Readonly<Config>, timeoutMs?: number) => {
  const report = await doctor(config, false, timeoutMs);
  expect(report.ok).toBe(false);
  return report.lines.filter((line) => !line.ok).map((line) => `${line.name}: ${line.message}`);
};

it('every service answering right: every line ok, the figures the owner checks', async () => {
  const report = await doctor();
  expect(report.lines.filter((line) => !line.ok)).toEqual([]);
  expect(report.ok).toBe(true);
  const text = report.lines.map((line) => `${line.name}: ${line.message}`).join('\n');
  expect(text).toMatch(/Banco de dados: (PGlite|PostgreSQL) conectado, \d+ migrações aplicadas/);
  expect(text).toContain('Asaas: chave válida');
  expect(text).toMatch(/saldo R\$\s1\.234,50/);
  expect(text).toContain(`Asaas webhook: ${services.publicUrl}/api/webhooks/asaas ativo`);
  expect(text).toContain('Asaas PIX: 1 chave(s) PIX ativa(s)');
  expect(text).toContain('Painel SMM: conectado, saldo 100.00 USD');
  expect(text).toContain('Painel SMM Seguidores: serviço 101');
  expect(text).toContain('E-mail (SMTP): 127.0.0.1:');
  expect(text).toContain('Endereço público: ');
  // No secret is ever shown.
  expect(text).not.toContain(services.asaas.apiKey);
  expect(text).not.toContain(services.panel.apiKey);
  expect(text).not.toContain('senha-do-smtp-secreta');
  expect(text).not.toContain(webhookToken);
});

describe('Asaas answering wrong', () => {
  it('a key Asaas refuses (401), and of the other environment', async () => {
    const config = { ...app.config, asaas: { ...app.config.asaas, apiKey: '$aact_hmlg_outra' } };
    expect(await failing(config)).toEqual([
      expect.stringMatching(
        /^Asaas: ASAAS_API_KEY recusada \(HTTP 401\)\. A chave é de sandbox e ASAAS_API_URL aponta o produção\./,
      ),
    ]);
  });

  it('no webhook, or one to another address', async () => {
    services.asaas.account.webhooks = [];
    expect(await failing()).toEqual([expect.stringContaining('Asaas webhook: nenhum webhook aponta')]);
    services.asaas.account.webhooks = [
      fakeWebhook('https://outra.example/hook', webhookToken, shopWebhookEvents),
    ];
    expect(await failing()).toEqual([expect.stringContaining('Há webhook para https://outra.example/hook')]);
  });

  it.each([
    ['disabled', { enabled: false }, 'está desativado'],
    ['interrupted', { interrupted: true }, 'a fila está interrompida'],
    ['without a token', { authToken: null }, 'não tem token de autenticação'],
    ['API version 2', { apiVersion: 2 }, 'usa a versão 2 da API'],
    [
      'missing events',
      { events: shopWebhookEvents.filter((e) => e !== 'PAYMENT_REFUNDED') },
      'faltam os eventos PAYMENT_REFUNDED',
    ],
  ])('a webhook %s', async (_case, change, expected) => {
    Object.assign(services.asaas.account.webhooks[0]!, change);
    const lines = await failing();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('Asaas webhook: o webhook para');
    expect(lines[0]).toContain(expected);
  });

  it('no active PIX key', async () => {
    services.asaas.account.pixKeys = [fakePixKey('AWAITING_ACTIVATION')];
    expect(await failing()).toEqual([
      expect.stringContaining('Asaas PIX: nenhuma chave PIX ativa (há chave aguardando ativação)'),
    ]);
  });

  it('Asaas not answering in time: a line saying so, not a crash', async () => {
    services.asaas.outage('hang');
    try {
      // Only a line about Asaas is looked for: the short limit holds for every service.
      expect(await failing(app.config, 500)).toContainEqual(
        expect.stringContaining('Asaas: o Asaas não respondeu em 500 ms'),
      );
    } finally {
      services.asaas.outage(null);
    }
  });
});

describe('SMM panel answering wrong', () => {
  it('a key the panel refuses', async () => {
    const fulfilment = { ...app.config.fulfilment, smm: { ...app.config.fulfilment.smm, apiKey: 'outra' } };
    expect(await failing({ ...app.config, fulfilment })).toEqual([
      'Painel SMM: SMM_API_KEY recusada pelo painel ("Invalid API key"): copie a chave da página API do painel.',
    ]);
  });

  it('a panel answering 503 or 429: not the key, ask again later', async () => {
    for (const fault of [{ kind: 'error503' }, { kind: 'rate_limited' }] as const) {
      services.panel.failNext('balance', fault);
      expect(await failing(app.config)).toEqual([
        expect.stringMatching(
          /^Painel SMM: o painel \(.*\) não atendeu agora \(".*"\): rode o doctor de novo/,
        ),
      ]);
    }
  });

  it('a configured service the panel does not have', async () => {
    services.panel.services = services.panel.services.filter((s) => s.service !== 103);
    expect(await failing()).toEqual([
      expect.stringContaining('Painel SMM serviços: Visualizações: o serviço 103 não existe no painel'),
    ]);
  });

  it('a service whose minimum is above a package of the catalogue', async () => {
    services.panel.services.find((s) => s.service === 102)!.min = '1000000';
    const lines = await failing();
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines)
      expect(line).toMatch(
        /^Painel SMM serviços: Curtidas(?: \d+)?: \d+ está fora do mínimo\/máximo do serviço 102/,
      );
  });

  it("a followers service too big for a plan's day (the month is delivered day by day)", async () => {
    services.panel.services.find((s) => s.service === 101)!.min = '200';
    const lines = await failing();
    expect(
      lines.some((line) =>
        /Seguidores: \d+ está fora do mínimo\/máximo do serviço 101 \(200–50000\)/.test(line),
      ),
    ).toBe(true);
  });

  it('no balance is a warning, not a failure', async () => {
    services.panel.balance = 0;
    const report = await doctor();
    expect(report.ok).toBe(true);
    expect(report.lines.find((line) => line.name === 'Painel SMM')).toMatchObject({
      ok: true,
      warning: true,
      message: expect.stringContaining('saldo 0.00 USD: sem saldo o painel recusa cada pedido'),
    });
  });

  it('the panel not answering in time', async () => {
    services.panel.latencyMs = 2000;
    expect(await failing(app.config, 500)).toContainEqual(
      expect.stringMatching(
        /^Painel SMM: o painel \(http:\/\/127\.0\.0\.1:\d+\/api\/v2\) não respondeu em 500 ms\.$/,
      ),
    );
  });
});

describe('SMTP and the public address', () => {
  it('a wrong SMTP password', async () => {
    const config = { ...app.config, smtpUrl: services.smtpUrl.replace('senha-do-smtp-secreta', 'errada') };
    const lines = await failing(config);
    expect(lines).toEqual([
      expect.stringMatching(/^E-mail \(SMTP\): 127\.0\.0\.1:\d+: usuário ou senha recusados/),
    ]);
    expect(lines[0]).not.toContain('errada');
  });

  it('an SMTP server that refuses the connection', async () => {
    const config = { ...app.config, smtpUrl: 'smtp://loja:x@127.0.0.1:1' };
    expect(await failing(config)).toEqual([expect.stringContaining('recusou a conexão')]);
  });

  it('--send: a test e-mail reaches ADMIN_EMAIL', async () => {
    const before = services.mails.length;
    const report = await doctor(app.config, true);
    expect(report.ok).toBe(true);
    expect(report.lines.find((l) => l.name === 'E-mail (SMTP)')?.message).toContain(
      'e-mail de teste enviado para dona@loja.example',
    );
    expect(services.mails.slice(before)).toEqual([
      { to: ['dona@loja.example'], raw: expect.stringContaining('e-mail de teste') },
    ]);
  });

  it('no SMTP_URL fails in production only', async () => {
    const withoutSmtp = { ...app.config, smtpUrl: undefined };
    expect((await doctor(withoutSmtp)).ok).toBe(true);
    const lines = await failing({ ...withoutSmtp, env: 'production' } as Readonly<Config>);
    expect(lines).toContain(
      'E-mail (SMTP): SMTP_URL vazio: o comprador nunca recebe o código de compra. Informe SMTP_URL.',
    );
  });

  it('the public address answering 503, and http in production', async () => {
    services.health.status = 503;
    try {
      expect(await failing()).toEqual([
        expect.stringContaining('/api/health respondeu HTTP 503 (esperado 200)'),
      ]);
    } finally {
      services.health.status = 200;
    }
    const lines = await failing({ ...app.config, env: 'production' } as Readonly<Config>);
    expect(lines).toContain(
      `Endereço público: PUBLIC_URL=${services.publicUrl} não é https: informe o endereço https da loja.`,
    );
  });
});

it('a database without its migrations: the pending count, and the panel services are not compared', async () => {
  const report = await runDoctor({
    config: app.config,
    database: empty,
    fulfilment: app.fulfilment.ctx,
    goLive: [],
    timeoutMs: 5000,
  });
  const failed = report.lines.filter((line) => !line.ok).map((line) => `${line.name}: ${line.message}`);
  expect(failed).toEqual([
    expect.stringMatching(
      /^Banco de dados: PGlite conectado, (\d+) de \1 migrações pendentes: `npm start` as aplica/,
    ),
    'Painel SMM: os serviços não foram comparados ao catálogo: o banco de dados precisa estar em dia.',
  ]);
});

it('production go-live problems, one line each (config-go-live.ts)', () => {
  const lines = goLiveCheck(parseEnv({ NODE_ENV: 'production' }));
  expect(lines.length).toBeGreaterThan(5);
  expect(lines.every((line) => !line.ok && line.name === 'Colocar no ar')).toBe(true);
  expect(lines.map((line) => line.message)).toContain(
    'SHOP_CNPJ ainda é o exemplo (00.000.000/0001-00): informe o da loja.',
  );
});
