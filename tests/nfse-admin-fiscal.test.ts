import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ownerAudit } from '#server/db/schema/index.ts';
import { z } from 'zod';
import { rowsOf } from '#server/db/rows.ts';
import { messages } from '#shared/messages.ts';
import { operatorCookie, signupBody } from './helpers/accounts';
import { sessionCookieOf } from './helpers/cookies';
import { startAsaasTestApp, type AsaasTestApp } from './helpers/asaas-test-app';
import { asaasFiscal } from '#server/invoices/fiscal-asaas.ts';
import { createAsaasClient } from '#server/payments/asaas/asaas-client.ts';

// Issue 27 §1, the panel's "Nota fiscal" setup: what the city requires (Asaas's municipalOptions), the
// fiscal data sent by the server as multipart to POST /v3/fiscalInfo/ — the city's password, token or
// certificate passing through once, stored nowhere and logged nowhere — and the services' look-up.

const ownerEmail = 'dona@impulso.example';
const logLines: string[] = [];
let asaas: AsaasTestApp;
let owner: string;
beforeAll(async () => {
  asaas = await startAsaasTestApp(
    'whsec_nfse_admin_0123456789abcdefghijkl',
    { ADMIN_EMAIL: ownerEmail, LOG_LEVEL: 'info' },
    { logStream: { write: (line) => void logLines.push(line) } },
  );
  owner = await operatorCookie(asaas.app, ownerEmail);
});
afterAll(() => asaas.close());
beforeEach(() => {
  asaas.fake.fiscal.municipalOptions.authenticationType = 'USER_AND_PASSWORD';
  asaas.fake.fiscal.municipalOptions.usesServiceListItem = false;
});

const call = (method: 'GET' | 'POST', url: string, payload?: object, cookie = owner) =>
  asaas.app.server.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const fiscalPosts = () =>
  asaas.fake.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/v3/fiscalInfo'));
const form = {
  email: 'Fiscal@Impulso.com.br',
  simplesNacional: true,
  municipalInscription: '1234567',
  cnae: '7311-4/00',
  specialTaxRegime: '5',
  rpsSerie: 'A1',
  rpsNumber: 41,
  loteNumber: 7,
  username: 'impulso-prefeitura',
};

/** Every row of every table, as text: what a search of the database would find. */
async function everyRow(): Promise<string> {
  const db = asaas.app.database.db;
  const tables = rowsOf(
    z.object({ table_name: z.string() }),
    await db.execute(sql`select table_name from information_schema.tables where table_schema = 'public'`),
  );
  const texts: string[] = [];
  for (const { table_name } of tables)
    texts.push(
      ...rowsOf(
        z.object({ row: z.string() }),
        await db.execute(sql`select t::text as row from ${sql.identifier(table_name)} t`),
      ).map((r) => r.row),
    );
  return texts.join('\n');
}

describe('who may use it', () => {
  it('401 without a session, 403 for a customer, on every new endpoint', async () => {
    const signup = await asaas.app.server.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: signupBody('cliente.fiscal@exemplo.com'),
    });
    const customer = sessionCookieOf(signup);
    for (const [method, url] of [
      ['GET', '/api/admin/fiscal'],
      ['POST', '/api/admin/fiscal'],
      ['GET', '/api/admin/fiscal/services?description=publicidade'],
      ['GET', '/api/admin/invoices'],
      ['GET', '/api/admin/invoices.csv'],
    ] as const) {
      expect((await call(method, url, {}, '')).statusCode, url).toBe(401);
      expect((await call(method, url, {}, customer)).statusCode, url).toBe(403);
    }
    expect(fiscalPosts()).toEqual([]);
  });
});

describe("the city's requirements and the fiscal data", () => {
  it('shows what the city requires, and no fiscal data before the first setup', async () => {
    const res = await call('GET', '/api/admin/fiscal');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      info: null,
      options: expect.objectContaining({
        authenticationType: 'USER_AND_PASSWORD',
        supportsCancellation: true,
        usesSpecialTaxRegimes: true,
        specialTaxRegimesList: expect.arrayContaining([{ label: expect.any(String), value: '5' }]),
        municipalInscriptionHelp: 'A inscrição municipal consta no cadastro da prefeitura.',
      }),
    });
  });

  it('sends the form as multipart; the password passes once, stored and logged nowhere; audited', async () => {
    const password = 'Prefeitura-Senha-Q7x!';
    const res = await call('POST', '/api/admin/fiscal', { ...form, password });
    expect(res.statusCode).toBe(200);
    const [sent] = fiscalPosts();
    expect(sent!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent!.body).toEqual({
      email: 'fiscal@impulso.com.br',
      simplesNacional: 'true',
      municipalInscription: '1234567',
      cnae: '7311400',
      specialTaxRegime: '5',
      rpsSerie: 'A1',
      rpsNumber: '41',
      loteNumber: '7',
      username: 'impulso-prefeitura',
      password,
    });
    expect(asaas.fake.fiscal.secretsReceived).toEqual([password]);
    expect(res.json().info).toMatchObject({ email: 'fiscal@impulso.com.br', passwordSent: true });
    expect(res.body).not.toContain(password);
    // Read back from Asaas, as the panel shows it.
    const read = (await call('GET', '/api/admin/fiscal')).json();
    expect(read.info).toMatchObject({ cnae: '7311400', rpsNumber: 41, passwordSent: true });
    expect(JSON.stringify(read)).not.toContain(password);
    const audit = await asaas.app.database.db
      .select()
      .from(ownerAudit)
      .where(eq(ownerAudit.entity, 'fiscal_info'));
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({
      email: 'fiscal@impulso.com.br',
      sent: { password: true },
    });
    expect(await everyRow()).not.toContain(password);
    expect(logLines.join('\n')).toContain('/api/admin/fiscal');
    expect(logLines.join('\n')).not.toContain(password);
  });

  it('a password sent once is not asked again; a change without it keeps it', async () => {
    const before = fiscalPosts().length;
    const res = await call('POST', '/api/admin/fiscal', { ...form, rpsNumber: 42 });
    expect(res.statusCode).toBe(200);
    expect(fiscalPosts()).toHaveLength(before + 1);
    expect(fiscalPosts().at(-1)!.body).not.toHaveProperty('password');
    expect((await call('GET', '/api/admin/fiscal')).json().info).toMatchObject({
      rpsNumber: 42,
      passwordSent: true,
    });
  });

  it('a city that asks for a certificate: the file and its password go once, never kept', async () => {
    asaas.fake.fiscal.municipalOptions.authenticationType = 'CERTIFICATE';
    const missing = await call('POST', '/api/admin/fiscal', form);
    expect([missing.statusCode, missing.json().field, missing.json().message]).toEqual([
      400,
      'certificate',
      'Envie o certificado digital A1 (arquivo .pfx ou .p12).',
    ]);
    const certificate = {
      name: 'impulso.pfx',
      base64: Buffer.from('certificado-a1-de-teste').toString('base64'),
    };
    const noPassword = await call('POST', '/api/admin/fiscal', { ...form, certificate });
    expect(noPassword.json().message).toBe('Informe a senha do certificado digital.');
    const certificatePassword = 'Senha-do-Certificado-9z';
    const res = await call('POST', '/api/admin/fiscal', { ...form, certificate, certificatePassword });
    expect(res.statusCode).toBe(200);
    expect(fiscalPosts().at(-1)!.body).toMatchObject({
      certificateFile: { filename: 'impulso.pfx', size: 23 },
      certificatePassword,
    });
    expect(fiscalPosts().at(-1)!.body).not.toHaveProperty('password');
    expect(res.json().info).toMatchObject({ certificateSent: true });
    const stored = await everyRow();
    expect(stored).not.toContain(certificatePassword);
    expect(stored).not.toContain(certificate.base64);
    expect(logLines.join('\n')).not.toContain(certificatePassword);
  });

  it('a city that asks for a token: required until sent, then never kept', async () => {
    asaas.fake.fiscal.municipalOptions.authenticationType = 'TOKEN';
    const missing = await call('POST', '/api/admin/fiscal', form);
    expect([missing.statusCode, missing.json().message]).toEqual([
      400,
      'Informe o token de acesso da prefeitura.',
    ]);
    const accessToken = 'token-da-prefeitura-5f1e2d';
    expect((await call('POST', '/api/admin/fiscal', { ...form, accessToken })).statusCode).toBe(200);
    expect(fiscalPosts().at(-1)!.body).toMatchObject({ accessToken });
    expect(await everyRow()).not.toContain(accessToken);
    expect(logLines.join('\n')).not.toContain(accessToken);
  });

  it('refuses bad input in Portuguese, before anything is sent to Asaas', async () => {
    const before = fiscalPosts().length;
    const cases: Array<[object, string, string]> = [
      [{ ...form, email: 'sem-arroba' }, 'email', messages.email_invalid],
      [{ ...form, cnae: '7311' }, 'cnae', 'O CNAE tem 7 dígitos (ex.: 7311-4/00).'],
      [{ ...form, rpsNumber: -1 }, 'rpsNumber', 'O número do RPS não pode ser negativo.'],
      [
        { ...form, simplesNacional: 'sim' },
        'simplesNacional',
        'Informe se a empresa é optante do Simples Nacional.',
      ],
      [
        { ...form, specialTaxRegime: '9' },
        'specialTaxRegime',
        'Escolha um regime especial da lista da prefeitura.',
      ],
      [
        { ...form, certificate: { name: 'x.pfx', base64: '***' } },
        'certificate.base64',
        'O arquivo do certificado não pôde ser lido. Escolha-o de novo.',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call('POST', '/api/admin/fiscal', payload);
      expect([res.statusCode, res.json().field, res.json().message], field).toEqual([400, field, message]);
    }
    asaas.fake.fiscal.municipalOptions.usesServiceListItem = true;
    const item = await call('POST', '/api/admin/fiscal', form);
    expect(item.json().message).toBe('A prefeitura pede o item da lista de serviço.');
    expect(fiscalPosts()).toHaveLength(before);
  });

  it("Asaas refusing or not answering is a 502 with a Portuguese text, and the refusal's words", async () => {
    asaas.fake.answerNext(
      /\/fiscalInfo\/?$/,
      400,
      JSON.stringify({
        errors: [
          { code: 'invalid_municipalInscription', description: 'Inscrição municipal não encontrada.' },
        ],
      }),
      'POST',
    );
    const refused = await call('POST', '/api/admin/fiscal', form);
    expect([refused.statusCode, refused.json().message]).toEqual([
      502,
      'O Asaas recusou o pedido: Inscrição municipal não encontrada.',
    ]);
    asaas.fake.loseNextAnswer(/\/fiscalInfo\/?$/, 'POST');
    const lost = await call('POST', '/api/admin/fiscal', form);
    expect([lost.statusCode, lost.json().message]).toEqual([502, messages.fiscal_unavailable]);
    asaas.fake.failNext(503);
    const down = await call('GET', '/api/admin/fiscal');
    expect([down.statusCode, down.json().message]).toEqual([502, messages.fiscal_unavailable]);
  });
});

describe('the municipal services look-up', () => {
  it("lists Asaas's services by description, with their ISS", async () => {
    const res = await call('GET', '/api/admin/fiscal/services?description=publicidade');
    expect(res.statusCode).toBe(200);
    expect(res.json().services).toEqual([
      { id: '101', description: 'Propaganda e publicidade, inclusive promoção de vendas', issTax: 2 },
      { id: '102', description: 'Agenciamento de propaganda e publicidade', issTax: 5 },
    ]);
    expect(asaas.fake.requests.at(-1)!.path).toBe('/v3/fiscalInfo/services?description=publicidade&limit=20');
  });

  it('refuses a too short search, and says when Asaas does not answer', async () => {
    const short = await call('GET', '/api/admin/fiscal/services?description=pu');
    expect([short.statusCode, short.json().message]).toEqual([400, 'Digite ao menos 3 letras do serviço.']);
    asaas.fake.failNext(503);
    const down = await call('GET', '/api/admin/fiscal/services?description=publicidade');
    expect([down.statusCode, down.json().message]).toEqual([502, messages.fiscal_unavailable]);
  });
});

describe('an Asaas that does not answer', () => {
  it('is given up on at the time limit; like a cut connection (the same error), a 502 in the panel', async () => {
    const fiscal = asaasFiscal(
      createAsaasClient({ baseUrl: asaas.fake.url, apiKey: asaas.fake.apiKey, userAgent: 'Impulso' }),
      300,
    );
    asaas.fake.outage('hang');
    try {
      await expect(fiscal.options()).rejects.toThrow(/Asaas unreachable/);
    } finally {
      asaas.fake.outage(null);
    }
    asaas.fake.loseNextAnswer(/\/fiscalInfo\/municipalOptions$/, 'GET');
    const cut = await call('GET', '/api/admin/fiscal');
    expect([cut.statusCode, cut.json().message]).toEqual([502, messages.fiscal_unavailable]);
  });
});
