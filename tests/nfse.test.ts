import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { invoices, jobs, ownerAudit } from '#server/db/schema/index.ts';
import { invoicesRepo } from '#server/invoices/invoices.repo.ts';
import { cancelInvoice } from '#server/invoices/cancel-invoice.ts';
import { deliverAsaasEvents } from './helpers/asaas-events';
import type { AsaasTestApp } from './helpers/asaas-test-app';
import {
  nfseHelpers,
  nfseOwnerEmail,
  nfsePanelSettings,
  nfseSettingsOn,
  nfseWebhookToken,
  startNfseShop,
} from './helpers/nfse-shop';

// Issue 27: one NFS-e per paid order through Asaas, exactly once (ADR 033): looked up by reference before
// it is created, a lost answer looked up again, two instances and duplicate webhooks harmless; the buyer
// gets the PDF and XML links, the owner hears of a refusal. Off by default.

const ownerEmail = nfseOwnerEmail;
const webhookToken = nfseWebhookToken;
let asaas: AsaasTestApp;
beforeAll(async () => {
  asaas = await startNfseShop();
});
afterAll(() => asaas.close());

const alerts = { to: ownerEmail, shop: { name: 'Impulso', publicUrl: 'http://localhost' } };
const settingsOn = nfseSettingsOn;
const { db, paidOrder, invoiceRow, atAsaas, mailTo, gateway, issue, asOwner } = nfseHelpers(() => asaas);
beforeEach(async () => {
  await invoicesRepo.saveSettings(db(), settingsOn, new Date());
  asaas.fake.fiscal.cityHall.issue = { kind: 'accepted' };
});

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

  it('a lost answer to the creation, its INVOICE_CREATED before the retry: Asaas issues it on its day, the shop follows', async () => {
    const orderId = await paidOrder('criada.antes.da.nova.tentativa@exemplo.com');
    asaas.fake.loseNextAnswer(/^\/invoices$/);
    await asaas.app.jobs.drain();
    expect(await invoiceRow(orderId)).toMatchObject({ status: 'unknown' });
    // Asaas's webhook comes before the job tries again: the row leaves `unknown`, nothing is left to claim.
    await deliverAsaasEvents(asaas.app, asaas.fake, webhookToken);
    expect(await invoiceRow(orderId)).toMatchObject({ status: 'SCHEDULED' });
    await issue(orderId);
    const [made] = await atAsaas(orderId);
    expect(made).toMatchObject({ status: 'SCHEDULED' });
    expect(asaas.fake.requests.filter((r) => r.path === `/v3/invoices/${made!.id}/authorize`)).toEqual([]);
    // Its effectiveDate is today: Asaas issues it by itself, and its webhooks tell the shop.
    asaas.fake.fiscal.issueScheduled();
    await deliverAsaasEvents(asaas.app, asaas.fake, webhookToken);
    expect(await invoiceRow(orderId)).toMatchObject({ status: 'AUTHORIZED', pdfUrl: made!.pdfUrl });
    const mails = await mailTo('criada.antes.da.nova.tentativa@exemplo.com');
    expect(mails.filter((m) => m.startsWith('Nota fiscal'))).toHaveLength(1);
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

  it('Asaas asking to wait (429): no ERROR, no alert; the job waits RateLimit-Reset, then issues', async () => {
    const orderId = await paidOrder('limite.nota@exemplo.com');
    asaas.fake.rateLimit({ method: 'POST', path: /^\/invoices$/, resetSeconds: 600, times: 1 });
    const asked = Date.now();
    await asaas.app.jobs.drain();
    expect(await atAsaas(orderId)).toEqual([]);
    expect((await invoiceRow(orderId))!.status).not.toBe('ERROR');
    const [job] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.kind, 'issue_invoice'))
      .orderBy(desc(jobs.createdAt))
      .limit(1);
    expect(job!.doneAt).toBeNull();
    expect(job!.runAt.getTime() - asked).toBeGreaterThanOrEqual(595_000);
    expect(job!.runAt.getTime() - asked).toBeLessThan(610_000);
    await db().update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, job!.id));
    await asaas.app.jobs.drain();
    expect(await invoiceRow(orderId)).toMatchObject({ status: 'AUTHORIZED' });
    const alerts = await db().select().from(jobs).where(eq(jobs.kind, 'invoice_problem_alert'));
    const invoiceId = (await invoiceRow(orderId))!.id;
    expect(alerts.filter((a) => a.payload.invoiceId === invoiceId)).toEqual([]);
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
  const fields = nfsePanelSettings;

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
