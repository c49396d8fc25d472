import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, errorCode, eventNames, items, paidCharge, type Json } from './fake-asaas-client';
import { startFakeAsaas, type FakeAsaas } from './fake-asaas-server';

// The fake's NFS-e side over real HTTP: fiscal data only as multipart with the city's credentials sent
// once, invoices refused without the fields Asaas's OpenAPI requires, the city hall's answers, the city's
// cancellation rule, and the faults (lost, failed and slow answers) the store must survive.

const today = '2026-11-23';
let fake: FakeAsaas;
beforeEach(async () => {
  fake = await startFakeAsaas(undefined, { clock: () => new Date(`${today}T15:00:00Z`) });
});
afterEach(() => fake.close());

async function sendForm(fields: Record<string, string | Blob>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const res = await fetch(`${fake.url}/fiscalInfo/`, {
    method: 'POST',
    headers: { access_token: fake.apiKey },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Json };
}

const fiscalFields = {
  email: 'fiscal@impulso.com.br',
  simplesNacional: 'true',
  municipalInscription: '123456',
  cnae: '7311400',
  rpsSerie: 'E',
  rpsNumber: '10',
  loteNumber: '1',
};
const setUp = () => sendForm({ ...fiscalFields, username: 'impulso', password: 'segredo-da-prefeitura' });

const taxes = { retainIss: false, iss: 2, pis: 0, cofins: 0, csll: 0, inss: 0, ir: 0 };
async function invoiceBody(externalReference = 'order-1'): Promise<Json> {
  const payment = await paidCharge(fake, today, { value: 120 });
  return {
    payment: payment.id,
    serviceDescription: 'Seguidores para Instagram (pedido order-1)',
    observations: 'Pedido order-1',
    value: 120,
    deductions: 0,
    effectiveDate: today,
    municipalServiceId: '101',
    municipalServiceName: 'Propaganda e publicidade',
    taxes,
    externalReference,
  };
}
const invoiceEvents = () => eventNames(fake).filter((name) => name.startsWith('INVOICE_'));

describe('fiscal data', () => {
  it('tells what the city requires and finds municipal services by description', async () => {
    const options = await call(fake, 'GET', '/fiscalInfo/municipalOptions');
    expect(options.body).toMatchObject({
      authenticationType: 'USER_AND_PASSWORD',
      supportsCancellation: true,
    });
    const services = await call(fake, 'GET', '/fiscalInfo/services?description=propaganda');
    expect(items(services).map((s) => s.id)).toEqual(['101', '102']);
    expect(items(services)[0]).toHaveProperty('issTax', 2);
  });

  it('takes only multipart, with the required fields and the credentials, and never gives a secret back', async () => {
    const json = await call(fake, 'POST', '/fiscalInfo/', { ...fiscalFields, username: 'a', password: 'b' });
    expect([json.status, errorCode(json)]).toEqual([400, 'invalid_contentType']);
    expect(errorCode(await sendForm({ simplesNacional: 'true' }))).toBe('invalid_email');
    expect(errorCode(await sendForm({ ...fiscalFields, simplesNacional: 'sim' }))).toBe(
      'invalid_simplesNacional',
    );
    expect(errorCode(await sendForm(fiscalFields))).toBe('invalid_password');
    expect(errorCode(await sendForm({ ...fiscalFields, rpsNumber: 'dez' }))).toBe('invalid_rpsNumber');
    expect((await call(fake, 'GET', '/fiscalInfo/')).status).toBe(404);

    expect((await setUp()).status).toBe(200);
    const read = await call(fake, 'GET', '/fiscalInfo/');
    expect(read.body).toMatchObject({ email: 'fiscal@impulso.com.br', rpsNumber: 10, passwordSent: true });
    expect(JSON.stringify(read.body)).not.toContain('segredo-da-prefeitura');
    // Sent once: a later change needs no password again.
    expect((await sendForm({ ...fiscalFields, cnae: '7319002' })).status).toBe(200);
    expect(fake.fiscal.secretsReceived).toEqual(['segredo-da-prefeitura']);
  });

  it('asks a certificate city for the file and its password', async () => {
    fake.fiscal.municipalOptions.authenticationType = 'CERTIFICATE';
    expect(errorCode(await sendForm(fiscalFields))).toBe('invalid_certificateFile');
    const certificate = new File([new Uint8Array([1, 2, 3])], 'empresa.pfx');
    const noPassword = await sendForm({ ...fiscalFields, certificateFile: certificate });
    expect(errorCode(noPassword)).toBe('invalid_certificatePassword');
    const sent = await sendForm({
      ...fiscalFields,
      certificateFile: certificate,
      certificatePassword: 'pfx',
    });
    expect(sent.body).toMatchObject({ certificateSent: true, passwordSent: false });
  });
});

describe('invoices', () => {
  it('refuses an invoice before the fiscal data, and without each required field', async () => {
    const body = await invoiceBody();
    expect(errorCode(await call(fake, 'POST', '/invoices', body))).toBe('invalid_fiscalInfo');
    await setUp();
    const without = (name: string) => Object.fromEntries(Object.entries(body).filter(([k]) => k !== name));
    for (const name of ['serviceDescription', 'observations', 'value', 'deductions', 'effectiveDate'])
      expect(errorCode(await call(fake, 'POST', '/invoices', without(name)))).toBe(`invalid_${name}`);
    expect(errorCode(await call(fake, 'POST', '/invoices', without('municipalServiceId')))).toBe(
      'invalid_municipalService',
    );
    expect(errorCode(await call(fake, 'POST', '/invoices', without('payment')))).toBe('invalid_payment');
    const badTaxes = { ...body, taxes: { ...taxes, retainIss: 'não' } };
    expect(errorCode(await call(fake, 'POST', '/invoices', badTaxes))).toBe('invalid_taxes');
    expect(fake.fiscal.invoices.size).toBe(0);
  });

  it('schedules, issues with PDF and XML, is found by externalReference, and cancels', async () => {
    await setUp();
    const created = await call(fake, 'POST', '/invoices', await invoiceBody('order-7'));
    expect(created.body).toMatchObject({ status: 'SCHEDULED', externalReference: 'order-7', pdfUrl: null });
    const id = String(created.body.id);
    const issued = await call(fake, 'POST', `/invoices/${id}/authorize`);
    expect(issued.body).toMatchObject({ status: 'AUTHORIZED', number: '1' });
    expect(String(issued.body.pdfUrl)).toMatch(/\.pdf$/);
    const again = await call(fake, 'POST', `/invoices/${id}/authorize`);
    expect([again.status, errorCode(again)]).toEqual([400, 'invalid_action']);
    const found = await call(fake, 'GET', '/invoices?externalReference=order-7');
    expect(items(found).map((i) => i.id)).toEqual([id]);
    expect(items(await call(fake, 'GET', '/invoices?externalReference=order-8'))).toEqual([]);
    expect((await call(fake, 'POST', `/invoices/${id}/cancel`)).body).toMatchObject({ status: 'CANCELED' });
    expect(invoiceEvents()).toEqual([
      'INVOICE_CREATED',
      'INVOICE_SYNCHRONIZED',
      'INVOICE_AUTHORIZED',
      'INVOICE_PROCESSING_CANCELLATION',
      'INVOICE_CANCELED',
    ]);
    const authorized = fake.events.find((e) => e.event === 'INVOICE_AUTHORIZED')!.invoice!;
    expect(authorized).toMatchObject({ id, status: 'AUTHORIZED', xmlUrl: expect.stringMatching(/\.xml$/) });
  });

  it('an ERROR from the city hall carries its statusDescription and may be sent again', async () => {
    await setUp();
    fake.fiscal.cityHall.issue = { kind: 'refused', description: 'Inscrição municipal não encontrada.' };
    const id = String((await call(fake, 'POST', '/invoices', await invoiceBody())).body.id);
    const refused = await call(fake, 'POST', `/invoices/${id}/authorize`);
    expect(refused.body).toMatchObject({
      status: 'ERROR',
      statusDescription: 'Inscrição municipal não encontrada.',
    });
    fake.fiscal.cityHall.issue = { kind: 'held' };
    expect((await call(fake, 'POST', `/invoices/${id}/authorize`)).body).toMatchObject({
      status: 'SYNCHRONIZED',
    });
    fake.fiscal.decide(id, 'issue', { kind: 'accepted' });
    expect(fake.fiscal.invoices.get(id)).toMatchObject({ status: 'AUTHORIZED', statusDescription: null });
  });

  it('a city without cancellation refuses it; a denied cancellation says why', async () => {
    await setUp();
    const id = String((await call(fake, 'POST', '/invoices', await invoiceBody())).body.id);
    await call(fake, 'POST', `/invoices/${id}/authorize`);
    fake.fiscal.municipalOptions.supportsCancellation = false;
    const refused = await call(fake, 'POST', `/invoices/${id}/cancel`);
    expect([refused.status, errorCode(refused)]).toEqual([400, 'invalid_action']);
    fake.fiscal.municipalOptions.supportsCancellation = true;
    fake.fiscal.cityHall.cancel = { kind: 'refused', description: 'Prazo de cancelamento expirado.' };
    const denied = await call(fake, 'POST', `/invoices/${id}/cancel`);
    expect(denied.body).toMatchObject({
      status: 'CANCELLATION_DENIED',
      statusDescription: 'Prazo de cancelamento expirado.',
    });
    expect(invoiceEvents().at(-1)).toBe('INVOICE_CANCELLATION_DENIED');
  });
});

describe('faults on the fiscal routes', () => {
  beforeEach(async () => {
    await setUp();
  });

  it('a lost answer to POST /invoices: the invoice exists and is found by externalReference', async () => {
    const body = await invoiceBody('order-lost');
    fake.loseNextAnswer(/^\/invoices$/);
    await expect(call(fake, 'POST', '/invoices', body)).rejects.toThrow();
    const found = items(await call(fake, 'GET', '/invoices?externalReference=order-lost'));
    expect(found.map((i) => i.status)).toEqual(['SCHEDULED']);
    fake.loseNextAnswer(/\/authorize$/);
    await expect(call(fake, 'POST', `/invoices/${String(found[0]!.id)}/authorize`)).rejects.toThrow();
    expect(fake.fiscal.invoices.get(String(found[0]!.id))!.status).toBe('AUTHORIZED');
  });

  it('a refused (5xx) request changes nothing; a slow one is processed before it answers', async () => {
    const body = await invoiceBody();
    fake.failNext(503);
    expect((await call(fake, 'POST', '/invoices', body)).status).toBe(503);
    expect(fake.fiscal.invoices.size).toBe(0);
    fake.delayNextAnswer(/^\/invoices$/, 200);
    const slow = call(fake, 'POST', '/invoices', body);
    await expect.poll(() => fake.fiscal.invoices.size).toBe(1);
    expect((await slow).status).toBe(200);
  });

  it('two requests at once make two invoices: Asaas has no idempotency key, the store must look up', async () => {
    const body = await invoiceBody('order-twice');
    const answers = await Promise.all([
      call(fake, 'POST', '/invoices', body),
      call(fake, 'POST', '/invoices', body),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(items(await call(fake, 'GET', '/invoices?externalReference=order-twice'))).toHaveLength(2);
  });
});
