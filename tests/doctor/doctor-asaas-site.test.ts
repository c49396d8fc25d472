import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { runDoctor } from '#server/doctor/run-doctor.ts';
import { siteDomain } from '#server/doctor/asaas-site-check.ts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { startDoctorServices, type DoctorServices } from './doctor-services';

// Issue 44 §2: Asaas sends a buyer back after paying only to the domain of the account's commercial data
// (docs.asaas.com, 'Redirection after payment'). The doctor compares PUBLIC_URL's host with the `site`
// Asaas answers (GET /v3/myAccount/commercialInfo/), and where Asaas says none, shows the domain to confirm.

let services: DoctorServices;
let app: TestApp;
beforeAll(async () => {
  services = await startDoctorServices();
  app = await createTestApp(services.env);
});
afterAll(async () => {
  await app?.close();
  await services?.close();
});
beforeEach(() => services.setRight());

async function siteLine() {
  const report = await runDoctor({
    config: app.config,
    database: app.database,
    fulfilment: app.fulfilment.ctx,
    goLive: [],
    timeoutMs: 5000,
  });
  const line = report.lines.find((l) => l.name === 'Asaas site');
  if (!line) throw new Error('no Asaas site line');
  return { ...line, reportOk: report.ok };
}

it('the site of the commercial data on PUBLIC_URL’s domain: ok', async () => {
  expect(await siteLine()).toMatchObject({
    ok: true,
    reportOk: true,
    message: expect.stringContaining('127.0.0.1 é do domínio cadastrado nos dados comerciais (127.0.0.1)'),
  });
  expect(services.asaas.requests.map((r) => r.path)).toContain('/v3/myAccount/commercialInfo/');
});

it('another domain: a failing line naming both, and what to fix', async () => {
  services.asaas.account.site = 'https://www.outraloja.com.br';
  const line = await siteLine();
  expect(line).toMatchObject({ ok: false, reportOk: false });
  expect(line.message).toBe(
    'o site dos dados comerciais é outraloja.com.br e PUBLIC_URL é 127.0.0.1: o Asaas só devolve o ' +
      'comprador depois de pagar ao domínio cadastrado. Corrija o site em Minha conta → Dados comerciais ' +
      '(ou PUBLIC_URL).',
  );
});

it('no site in Asaas’s answer, or no access to it: a warning with the domain to confirm', async () => {
  services.asaas.account.site = null;
  const unknown = await siteLine();
  expect(unknown).toMatchObject({ ok: true, warning: true, reportOk: true });
  expect(unknown.message).toBe(
    'o Asaas não informa o site dos dados comerciais; confira em Minha conta → Dados comerciais que o ' +
      `site é 127.0.0.1: o Asaas só devolve o comprador depois de pagar (${services.publicUrl}/obrigado) ` +
      'ao domínio cadastrado ali.',
  );
  services.asaas.answerNext(
    /\/myAccount\/commercialInfo\/?$/,
    403,
    '{"errors":[{"code":"forbidden","description":"Sem permissão."}]}',
  );
  expect(await siteLine()).toMatchObject({
    ok: true,
    warning: true,
    message: expect.stringMatching(/^o Asaas não mostrou os dados comerciais \(HTTP 403\); confira/),
  });
});

it('reads the domain the way the owner types it', () => {
  expect(siteDomain('www.Impulso.com.br')).toBe('impulso.com.br');
  expect(siteDomain('https://impulso.com.br/loja')).toBe('impulso.com.br');
  expect(siteDomain('   ')).toBeNull();
});
