import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { invoices, jobs, outboxEmails, ownerAudit } from '../src/server/db/schema';
import { operatorCookie } from './helpers/accounts';
import { asaasInvoices } from '../src/server/invoices/asaas-invoices';
import { invoicesRepo } from '../src/server/invoices/invoices.repo';
import { issueInvoice } from '../src/server/invoices/issue-invoice';
import { cancelInvoice } from '../src/server/invoices/cancel-invoice';
import { createAsaasClient } from '../src/server/payments/asaas/asaas-client';
import { deliverAsaasEvents } from './helpers/asaas-events';
import { startAsaasTestApp, type AsaasTestApp } from './helpers/asaas-test-app';
import { newKey, orderRequest } from './helpers/order-request';

// Issue 27: one NFS-e per paid order through Asaas, exactly once (ADR 033): looked up by reference before
// it is created, a lost answer looked up again, two instances and duplicate webhooks harmless; the buyer
// gets the PDF and XML links, the owner hears of a refusal. Off by default.

const ownerEmail = 'dona@impulso.example';
const webhookToken = 'whsec_nfse_0123456789abcdefghijklmnop';
let asaas: AsaasTestApp;
beforeAll(async () => {
  asaas = await startAsaasTestApp(webhookToken, { ADMIN_EMAIL: ownerEmail, FULFILMENT_PROVIDER: 'manual' });
  const form = new FormData();
  for (const [name, value] of Object.entries({
    email: 'fiscal@impulso.com.br',
    simplesNacional: 'true',
    username: 'impulso',
    password: 'senha-da-prefeitura',
  }))
    form.append(name, value);
  await fetch(`${asaas.fake.url}/fiscalInfo/`, {
    method: 'POST',
    headers: { access_token: asaas.fake.apiKey },
    body: form,
  });
});
afterAll(() => asaas.close());

const db = () => asaas.app.database.db;
const alerts = { to: ownerEmail, shop: { name: 'Impulso', publicUrl: 'http://localhost' } };
const settingsOn = {
  enabled: true,
  issueOn: 'payment' as const,
  municipalServiceId: '101',
  municipalServiceName: 'Propaganda e publicidade',
  issBasisPoints: 200,
};
beforeEach(async () => {
  await invoicesRepo.saveSettings(db(), settingsOn, new Date());
  asaas.fake.fiscal.cityHall.issue = { kind: 'accepted' };
});

/** An order paid by card (the fake confirms it at once), its webhooks delivered, the jobs not run yet. */
async function paidOrder(email: string) {
  const res = await asaas.app.server.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'idempotency-key': newKey() },
    payload: orderRequest({ email }),
  });
  const orderId = res.json().order.id as string;
  const charge = [...asaas.fake.payments.values()].find((p) => p.externalReference === orderId)!;
  charge.status = 'RECEIVED';
  const paid = await asaas.app.server.inject({
    method: 'POST',
    url: '/api/webhooks/asaas',
    headers: { 'asaas-access-token': webhookToken },
    payload: { id: `evt_paid_${orderId}`, event: 'PAYMENT_RECEIVED', payment: { ...charge } },
  });
  expect(paid.statusCode).toBe(200);
  return orderId;
}
const invoiceRow = async (orderId: string) => invoicesRepo.forOrder(db(), orderId);
const atAsaas = async (orderId: string) => {
  const row = await invoiceRow(orderId);
  return [...asaas.fake.fiscal.invoices.values()].filter((i) => i.externalReference === row?.id);
};
const mailTo = async (to: string) =>
  (await db().select().from(outboxEmails).where(eq(outboxEmails.to, to))).map((m) => m.subject + m.text);
const gateway = () =>
  asaasInvoices(
    createAsaasClient({ baseUrl: asaas.fake.url, apiKey: asaas.fake.apiKey, userAgent: 'Impulso' }),
  );
const issue = (orderId: string) =>
  issueInvoice({ db: db(), invoices: gateway(), clock: () => new Date() }, orderId);

describe('off by default', () => {
  it('a paid order of a shop that never turned invoicing on owes no invoice', async () => {
    await invoicesRepo.saveSettings(db(), { enabled: false }, new Date());
    const orderId = await paidOrder('sem.nota@exemplo.com');
    await asaas.app.jobs.drain();
    expect(await invoiceRow(orderId)).toBeUndefined();
    expect(asaas.fake.requests.filter((r) => r.path.startsWith('/v3/invoices'))).toEqual([]);
  });
});

describe('one invoice per paid order', () => {
  it('is issued, e-mailed once with its PDF and XML, under duplicate webhooks', async () => {
    const orderId = await paidOrder('com.nota@exemplo.com');
    await asaas.app.jobs.drain();
    const [made] = await atAsaas(orderId);
    expect(made).toMatchObject({ status: 'AUTHORIZED', value: 85.9, municipalServiceId: '101' });
    expect(made!.taxes).toMatchObject({ iss: 2, retainIss: false });
    // Asaas's webhooks, twice each (a redelivery with another id): nothing moves back, one e-mail.
    const sent = await deliverAsaasEvents(asaas.app, asaas.fake, webhookToken);
    for (const event of sent.filter((e) => e.invoice))
      await asaas.app.server.inject({
        method: 'POST',
        url: '/api/webhooks/asaas',
        headers: { 'asaas-access-token': webhookToken },
        payload: { ...event, id: `${event.id}_again` },
      });
    await asaas.app.jobs.drain();
    expect(await atAsaas(orderId)).toHaveLength(1);
    expect(await invoiceRow(orderId)).toMatchObject({ status: 'AUTHORIZED', pdfUrl: made!.pdfUrl });
    const mails = (await mailTo('com.nota@exemplo.com')).filter((m) => m.startsWith('Nota fiscal'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(made!.pdfUrl!);
    expect(mails[0]).toContain(made!.xmlUrl!);
  });

  it('a lost answer to the creation is looked up: no second invoice', async () => {
    const orderId = await paidOrder('resposta.perdida@exemplo.com');
    asaas.fake.loseNextAnswer(/^\/invoices$/);
    await asaas.app.jobs.drain();
    expect(await invoiceRow(orderId)).toMatchObject({ status: 'unknown' });
    expect(await atAsaas(orderId)).toHaveLength(1);
    await issue(orderId);
    expect(await atAsaas(orderId)).toHaveLength(1);
    expect(await invoiceRow(orderId)).toMatchObject({ status: 'AUTHORIZED' });
    const reference = (await invoiceRow(orderId))!.id;
    const posts = asaas.fake.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v3/invoices' && r.body?.externalReference === reference,
    );
    expect(posts).toHaveLength(1);
  });

  it('a lost answer to the authorisation, and Asaas refusing (5xx): looked up, issued once', async () => {
    const orderId = await paidOrder('autorizacao.perdida@exemplo.com');
    asaas.fake.loseNextAnswer(/\/authorize$/);
    await asaas.app.jobs.drain();
    expect(await invoiceRow(orderId)).toMatchObject({ status: 'unknown' });
    asaas.fake.failNext(503);
    await expect(issue(orderId)).rejects.toThrow();
    await issue(orderId);
    expect((await atAsaas(orderId)).map((i) => i.status)).toEqual(['AUTHORIZED']);
    expect(await invoiceRow(orderId)).toMatchObject({ status: 'AUTHORIZED' });
  });

  it('two instances at once: one asks Asaas, one invoice', async () => {
    const orderId = await paidOrder('duas.instancias@exemplo.com');
    await db().delete(jobs).where(eq(jobs.kind, 'issue_invoice'));
    asaas.fake.slowAnswers({ method: 'GET', path: /^\/invoices$/, delayMs: () => 100 });
    await Promise.all([issue(orderId), issue(orderId)]);
    asaas.fake.slowAnswers(null);
    expect(await atAsaas(orderId)).toHaveLength(1);
    expect(await invoiceRow(orderId)).toMatchObject({ status: 'AUTHORIZED' });
  });

  it("an ERROR from the city hall reaches the owner with Asaas's words", async () => {
    asaas.fake.fiscal.cityHall.issue = { kind: 'refused', description: 'Inscrição municipal inválida.' };
    const orderId = await paidOrder('nota.com.erro@exemplo.com');
    await asaas.app.jobs.drain();
    expect(await invoiceRow(orderId)).toMatchObject({
      status: 'ERROR',
      statusDescription: 'Inscrição municipal inválida.',
    });
    const alerts = (await mailTo(ownerEmail)).filter((m) => m.includes('Inscrição municipal inválida.'));
    expect(alerts).toHaveLength(1);
    expect(await db().select().from(invoices).where(eq(invoices.orderId, orderId))).toHaveLength(1);
  });
});

describe('a full refund', () => {
  const refunded = async (orderId: string) => {
    const charge = [...asaas.fake.payments.values()].find((p) => p.externalReference === orderId)!;
    const res = await asaas.app.server.inject({
      method: 'POST',
      url: '/api/webhooks/asaas',
      headers: { 'asaas-access-token': webhookToken },
      payload: {
        id: `evt_refunded_${orderId}`,
        event: 'PAYMENT_REFUNDED',
        payment: { ...charge, status: 'REFUNDED' },
      },
    });
    expect(res.statusCode).toBe(200);
  };
  beforeEach(() => {
    asaas.fake.fiscal.municipalOptions.supportsCancellation = true;
  });

  it('cancels the invoice where the city allows it, once, even with a lost answer', async () => {
    const orderId = await paidOrder('reembolso.cancela@exemplo.com');
    await asaas.app.jobs.drain();
    asaas.fake.loseNextAnswer(/\/cancel$/);
    await refunded(orderId);
    await asaas.app.jobs.drain();
    // The cancellation went through at Asaas; the job's retry reads it instead of asking again.
    expect((await atAsaas(orderId)).map((i) => i.status)).toEqual(['CANCELED']);
    await cancelInvoice({ db: db(), invoices: gateway(), alerts, clock: () => new Date() }, orderId);
    expect(await invoiceRow(orderId)).toMatchObject({ status: 'CANCELED' });
    const invoiceId = (await atAsaas(orderId))[0]!.id;
    const cancels = asaas.fake.requests.filter((r) => r.path === `/v3/invoices/${invoiceId}/cancel`);
    expect(cancels).toHaveLength(1);
  });

  it('where the city does not allow it, the owner is told and the invoice stays', async () => {
    const orderId = await paidOrder('reembolso.sem.cancelar@exemplo.com');
    await asaas.app.jobs.drain();
    asaas.fake.fiscal.municipalOptions.supportsCancellation = false;
    await refunded(orderId);
    await asaas.app.jobs.drain();
    expect(await invoiceRow(orderId)).toMatchObject({ status: 'AUTHORIZED' });
    const number = (await invoiceRow(orderId))!.number!;
    const told = (await mailTo(ownerEmail)).filter((m) => m.includes(`Nota ${number}:`));
    expect(told).toHaveLength(1);
    expect(told[0]).toContain('a prefeitura não permite cancelar');
  });
});

describe('the panel', () => {
  const asOwner = async (method: 'PATCH' | 'POST', url: string, payload?: object) =>
    asaas.app.server.inject({
      method,
      url,
      headers: { cookie: await operatorCookie(asaas.app, ownerEmail) },
      ...(payload ? { payload } : {}),
    });
  const fields = {
    ...settingsOn,
    municipalServiceCode: null,
    descriptionTemplate: '{servico} (pedido {pedido})',
    retainIss: false,
    pisBasisPoints: 65,
    cofinsBasisPoints: 300,
    csllBasisPoints: 0,
    inssBasisPoints: 0,
    irBasisPoints: 0,
    cancelOnRefund: true,
  };

  it('refuses settings that cannot issue, in Portuguese, and audits a change', async () => {
    const bad = await asOwner('PATCH', '/api/admin/invoice-settings', {
      ...fields,
      municipalServiceId: null,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Para ligar a nota fiscal, escolha o serviço municipal.');
    const rate = await asOwner('PATCH', '/api/admin/invoice-settings', { ...fields, issBasisPoints: -1 });
    expect(rate.json().message).toBe('A alíquota não pode ser negativa.');
    const ok = await asOwner('PATCH', '/api/admin/invoice-settings', fields);
    expect(ok.statusCode).toBe(200);
    expect(await invoicesRepo.settings(db())).toMatchObject({ pisBasisPoints: 65, cofinsBasisPoints: 300 });
    const audit = await db().select().from(ownerAudit).where(eq(ownerAudit.entity, 'invoice_settings'));
    expect(audit.map((a) => JSON.parse(a.after!).cofinsBasisPoints)).toContain(300);
  });

  it('"Tentar de novo" sends an invoice in ERROR again, once', async () => {
    asaas.fake.fiscal.cityHall.issue = { kind: 'refused', description: 'CNAE inválido.' };
    const orderId = await paidOrder('tentar.de.novo@exemplo.com');
    await asaas.app.jobs.drain();
    expect(await invoiceRow(orderId)).toMatchObject({ status: 'ERROR' });
    asaas.fake.fiscal.cityHall.issue = { kind: 'accepted' };
    expect((await asOwner('POST', `/api/admin/orders/${orderId}/invoice/retry`)).statusCode).toBe(200);
    await asaas.app.jobs.drain();
    expect(await invoiceRow(orderId)).toMatchObject({ status: 'AUTHORIZED' });
    expect(await atAsaas(orderId)).toHaveLength(1);
    const again = await asOwner('POST', `/api/admin/orders/${orderId}/invoice/retry`);
    expect([again.statusCode, again.json().message]).toEqual([
      409,
      'Só uma nota fiscal com erro pode ser tentada de novo.',
    ]);
  });
});
