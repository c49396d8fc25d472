import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DoctorReport } from '#shared/schemas/doctor.ts';
import { operatorCookie, signupBody } from '../helpers/accounts';
import { sessionCookieOf } from '../helpers/cookies';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { startDoctorServices, type DoctorServices } from './doctor-services';

// Issue 25 §3: "Verificar configuração" in the panel runs the doctor for the operator alone.
let services: DoctorServices;
let app: TestApp;
let owner: string;
beforeAll(async () => {
  services = await startDoctorServices();
  app = await createTestApp(services.env);
  owner = await operatorCookie(app, 'dona@loja.example');
});
afterAll(async () => {
  await app?.close();
  await services?.close();
});

const run = (cookie: string | undefined, payload: object = {}) =>
  app.server.inject({
    method: 'POST',
    url: '/api/admin/doctor',
    payload,
    headers: cookie ? { cookie } : {},
  });

it('the operator gets one line per check, the wrong ones failing', async () => {
  services.asaas.account.pixKeys = [];
  try {
    const response = await run(owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const report = response.json<DoctorReport>();
    expect(report.ok).toBe(false);
    expect(report.lines.filter((line) => !line.ok)).toEqual([
      { name: 'Asaas PIX', ok: false, message: expect.stringContaining('nenhuma chave PIX ativa') },
    ]);
    expect(report.lines.map((line) => line.name)).toEqual(
      expect.arrayContaining([
        'Banco de dados',
        'Colocar no ar',
        'Asaas',
        'Asaas webhook',
        'Painel SMM',
        'E-mail (SMTP)',
        'Endereço público',
      ]),
    );
  } finally {
    services.setRight();
  }
});

it('with send, the test e-mail goes to ADMIN_EMAIL', async () => {
  const before = services.mails.length;
  const response = await run(owner, { send: true });
  expect(response.json<DoctorReport>().ok).toBe(true);
  expect(services.mails.slice(before).map((mail) => mail.to)).toEqual([['dona@loja.example']]);
});

it('bad input is a pt-BR 400; anonymous is 401, a customer 403', async () => {
  const bad = await run(owner, { send: 'sim' });
  expect(bad.statusCode).toBe(400);
  expect(bad.json()).toMatchObject({ code: 'invalid_input', message: expect.stringContaining('booleano') });
  expect((await run(undefined)).statusCode).toBe(401);
  const signup = await app.server.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: signupBody('cliente@exemplo.com'),
  });
  expect((await run(sessionCookieOf(signup))).statusCode).toBe(403);
});

it('runs are limited: the 11th in 10 minutes is a 429 saying to wait', async () => {
  const statuses: number[] = [];
  // Two runs above already counted (the refused input is not a run); the fakes answer at once.
  for (let i = 0; i < 9; i++) statuses.push((await run(owner)).statusCode);
  expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429]);
  expect((await run(owner)).json()).toMatchObject({
    code: 'rate_limited',
    message: expect.stringContaining('Aguarde'),
  });
});
