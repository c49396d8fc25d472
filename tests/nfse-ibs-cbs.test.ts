import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nfseCheck } from '#server/doctor/nfse-check.ts';
import { invoicesRepo } from '#server/invoices/invoices.repo.ts';
import { sendFiscalData } from './fake-asaas/fake-asaas-client';
import type { AsaasTestApp } from './helpers/asaas-test-app';
import { nfseHelpers, nfsePanelSettings, nfseSettingsOn, startNfseShop } from './helpers/nfse-shop';

// Issue 44 §2, the tax reform: since 01/01/2026 a company of Lucro Real or Presumido sends the IBS/CBS
// classification in each invoice's `taxes` (nbsCode, taxSituationCode, taxClassificationCode,
// operationIndicatorCode); Simples Nacional and MEI need not in 2026 (docs.asaas.com, 'Adequando sua
// integração à Reforma Tributária'). The owner picks each code from Asaas's look-ups; invoicing is not
// turned on for such a company without them, and the panel says what is missing. The fiscal form takes
// the NBS and, where the city asks for it, the national portal's regime.

let asaas: AsaasTestApp;
beforeAll(async () => {
  asaas = await startNfseShop();
});
afterAll(() => asaas.close());
const { db, paidOrder, invoiceRow, atAsaas, asOwner } = nfseHelpers(() => asaas);

/** No classification chosen. */
const none = {
  nbsCode: null,
  taxSituationCode: null,
  taxClassificationCode: null,
  operationIndicatorCode: null,
};
const turnOn = (classification: object = {}) =>
  asOwner('PATCH', '/api/admin/invoice-settings', { ...nfsePanelSettings, ...classification });
/** The first code Asaas's look-up `kind` finds for `query`, through the panel's server. */
async function pick(kind: string, query: string) {
  const res = await asOwner('GET', `/api/admin/fiscal/codes?${new URLSearchParams({ kind, query })}`);
  expect(res.statusCode).toBe(200);
  return res.json().codes[0] as { code: string; description: string; taxSituationCode: string | null };
}

beforeEach(async () => {
  await sendFiscalData(asaas.fake, { simplesNacional: 'true' });
  await invoicesRepo.saveSettings(db(), { enabled: false }, new Date());
});

describe('a company outside Simples Nacional', () => {
  beforeEach(() => sendFiscalData(asaas.fake, { simplesNacional: 'false' }));

  it('cannot turn invoicing on without the classification: the panel says what is missing', async () => {
    const refused = await turnOn();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'A empresa não é optante do Simples Nacional: desde 01/01/2026 cada nota leva a classificação ' +
        'IBS/CBS da reforma tributária. Escolha no painel, em "Nota fiscal" → "Reforma tributária ' +
        '(IBS/CBS)": o código NBS do serviço, a situação tributária do IBS/CBS (CST), a classificação ' +
        'tributária (cClassTrib), o indicador da operação.',
    );
    expect((await invoicesRepo.settings(db()))?.enabled).toBe(false);
    const part = await turnOn({ nbsCode: '1.1502.10.00' });
    expect(part.json().message).toBe('Escolha os quatro códigos da classificação IBS/CBS, ou nenhum.');
  });

  it('picks each code from Asaas’s look-ups, turns invoicing on, and every invoice carries them', async () => {
    const nbs = await pick('nbs', 'publicidade');
    const classification = await pick('taxClassification', 'integralmente');
    const indicator = await pick('operationIndicator', 'estabelecimento do prestador');
    expect(nbs).toEqual({
      code: '1.1502.10.00',
      description: 'Serviços de publicidade e propaganda',
      taxSituationCode: null,
    });
    // A classification names its tax situation: the panel fills the CST from it.
    expect(classification).toMatchObject({ code: '000001', taxSituationCode: '000' });
    expect((await pick('taxSituation', '000')).description).toBe('Tributação integral');
    const chosen = {
      nbsCode: nbs.code,
      taxSituationCode: classification.taxSituationCode,
      taxClassificationCode: classification.code,
      operationIndicatorCode: indicator.code,
    };
    expect((await turnOn(chosen)).statusCode).toBe(200);
    expect((await asOwner('GET', '/api/admin/invoice-settings')).json().settings).toMatchObject(chosen);

    const orderId = await paidOrder('nota.ibs.cbs@exemplo.com');
    await asaas.app.jobs.drain();
    const [made] = await atAsaas(orderId);
    expect(made!.taxes).toMatchObject({ ...chosen, iss: 2, pis: 0.65 });
    expect(await invoiceRow(orderId)).toMatchObject({ status: 'AUTHORIZED' });
  });

  it('the doctor fails a shop still on without it (the company left Simples Nacional afterwards)', async () => {
    await invoicesRepo.saveSettings(db(), { ...nfseSettingsOn, ...none }, new Date());
    const line = await nfseCheck({ config: asaas.app.config, database: asaas.app.database, timeoutMs: 5000 });
    expect(line).toMatchObject({ ok: false, message: expect.stringContaining('ligada, mas falta') });
    expect(line.message).toContain('a classificação tributária (cClassTrib)');
  });

  it('Asaas’s city hall refuses an invoice without the classification', async () => {
    await invoicesRepo.saveSettings(db(), { ...nfseSettingsOn, ...none }, new Date());
    const orderId = await paidOrder('nota.sem.classificacao@exemplo.com');
    await asaas.app.jobs.drain();
    expect(await invoiceRow(orderId)).toMatchObject({
      status: 'ERROR',
      statusDescription: 'Rejeição: informe a classificação tributária do IBS/CBS (reforma tributária).',
    });
  });
});

describe('a Simples Nacional company, and no fiscal data', () => {
  it('Simples Nacional turns invoicing on without the classification (not required in 2026)', async () => {
    expect((await turnOn()).statusCode).toBe(200);
    expect((await invoicesRepo.settings(db()))?.enabled).toBe(true);
  });

  it('without fiscal data at Asaas, invoicing is not turned on', async () => {
    asaas.fake.fiscal.fiscalInfo = null;
    const refused = await turnOn();
    expect([refused.statusCode, refused.json().message]).toEqual([
      400,
      'Envie antes os dados fiscais ao Asaas (em "Dados fiscais no Asaas", abaixo).',
    ]);
  });
});

describe('the fiscal form', () => {
  const form = {
    email: 'fiscal@impulso.com.br',
    simplesNacional: true,
    username: 'impulso',
    password: 'senha-da-prefeitura',
  };

  it('sends the NBS, and the national portal’s regime where the city lists one, only for Simples Nacional', async () => {
    const city = asaas.fake.fiscal.municipalOptions;
    city.nationalPortalTaxCalculationRegimeList = [
      { label: 'Apuração pelo Simples Nacional (SN)', value: 'SN' },
      { label: 'Apuração do ISS fora do Simples Nacional', value: 'ISS_FORA_SN' },
    ];
    city.nationalPortalTaxCalculationRegimeHelp = 'Informe como a empresa apura os tributos.';
    try {
      const read = (await asOwner('GET', '/api/admin/fiscal')).json();
      expect(read.options).toMatchObject({
        nationalPortalTaxCalculationRegimeList: city.nationalPortalTaxCalculationRegimeList,
        nationalPortalTaxCalculationRegimeHelp: 'Informe como a empresa apura os tributos.',
      });
      const wrong = await asOwner('POST', '/api/admin/fiscal', {
        ...form,
        nationalPortalTaxCalculationRegime: 'OUTRO',
      });
      expect(wrong.json().message).toBe('Escolha um regime de apuração da lista do Portal Nacional.');
      const notSimples = await asOwner('POST', '/api/admin/fiscal', {
        ...form,
        simplesNacional: false,
        nationalPortalTaxCalculationRegime: 'SN',
      });
      expect(notSimples.json().message).toBe(
        'O regime de apuração do Portal Nacional é só para empresas do Simples Nacional (ME ou EPP).',
      );
      const sent = await asOwner('POST', '/api/admin/fiscal', {
        ...form,
        nbsCode: '1.1502.10.00',
        nationalPortalTaxCalculationRegime: 'SN',
      });
      expect(sent.statusCode).toBe(200);
      expect(sent.json().info).toMatchObject({
        nbsCode: '1.1502.10.00',
        nationalPortalTaxCalculationRegime: 'SN',
      });
      expect(asaas.fake.fiscal.fiscalInfo).toMatchObject({ nbsCode: '1.1502.10.00' });
    } finally {
      city.nationalPortalTaxCalculationRegimeList = [];
      city.nationalPortalTaxCalculationRegimeHelp = null;
    }
  });
});
