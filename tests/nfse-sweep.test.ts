import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs } from '#server/db/schema/index.ts';
import { invoicesRepo } from '#server/invoices/invoices.repo.ts';
import type { AsaasTestApp } from './helpers/asaas-test-app';
import { deliverAsaasEvents } from './helpers/asaas-events';
import { nfseHelpers, nfseSettingsOn, nfseWebhookToken, startNfseShop } from './helpers/nfse-shop';

// Issue 27 §3, the sweep behind the webhooks (ADR 036): an invoice the city hall answered while its
// webhook was lost is looked up at Asaas and recorded once, with the buyer's e-mail; one still waiting is
// left as it is and asked about again later. A scheduled one, which Asaas issues by itself on its date
// (issue 44), is followed the same way.

let asaas: AsaasTestApp;
let now = new Date('2026-11-27T12:00:00Z');
beforeAll(async () => {
  asaas = await startNfseShop({ clock: () => now });
  await invoicesRepo.saveSettings(db(), nfseSettingsOn, now);
});
afterAll(() => asaas.close());
const { db, paidOrder, invoiceRow, mailTo } = nfseHelpers(() => asaas);

/** The job runner's next pass: it queues the sweep when 15 minutes have passed, and runs it. */
const sweep = () => asaas.app.jobs.drain();

it('records what the city hall answered when the webhook never came, once; a wait goes on', async () => {
  asaas.fake.fiscal.cityHall.issue = { kind: 'held' };
  const answered = await paidOrder('varredura@exemplo.com');
  const waiting = await paidOrder('espera@exemplo.com');
  await asaas.app.jobs.drain();
  expect(await invoiceRow(answered)).toMatchObject({ status: 'SYNCHRONIZED' });
  const held = await invoiceRow(answered);
  // The city hall authorises one; Asaas's webhooks are lost.
  asaas.fake.fiscal.decide(held!.providerInvoiceId!, 'issue', { kind: 'accepted' });
  asaas.fake.events.splice(0);

  // Not yet half an hour: nothing asked.
  await sweep();
  expect(await invoiceRow(answered)).toMatchObject({ status: 'SYNCHRONIZED' });

  now = new Date(now.getTime() + 31 * 60_000);
  await sweep();
  expect(await invoiceRow(answered)).toMatchObject({ status: 'AUTHORIZED', pdfUrl: expect.any(String) });
  expect(await invoiceRow(waiting)).toMatchObject({ status: 'SYNCHRONIZED' });
  expect((await mailTo('varredura@exemplo.com')).filter((m) => m.includes('Nota fiscal'))).toHaveLength(1);

  // Again later: the answered one is not asked about, nor e-mailed twice.
  now = new Date(now.getTime() + 31 * 60_000);
  const asked = () =>
    asaas.fake.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v3/invoices/'));
  const before = asked().length;
  await sweep();
  expect(asked().length - before).toBe(1);
  expect((await mailTo('varredura@exemplo.com')).filter((m) => m.includes('Nota fiscal'))).toHaveLength(1);
});

it('a scheduled invoice Asaas issued on its day while every webhook was lost: found AUTHORIZED', async () => {
  asaas.fake.fiscal.cityHall.issue = { kind: 'accepted' };
  const orderId = await paidOrder('agendada.sem.webhook@exemplo.com');
  // The create answer lost, its INVOICE_CREATED delivered before the job's retry: SCHEDULED here.
  asaas.fake.loseNextAnswer(/^\/invoices$/);
  await asaas.app.jobs.drain();
  await deliverAsaasEvents(asaas.app, asaas.fake, nfseWebhookToken);
  expect(await invoiceRow(orderId)).toMatchObject({ status: 'SCHEDULED' });
  // Asaas issues it on its effectiveDate; none of its webhooks arrive.
  asaas.fake.fiscal.issueScheduled();
  asaas.fake.events.splice(0);
  now = new Date(now.getTime() + 31 * 60_000);
  await sweep();
  expect(await invoiceRow(orderId)).toMatchObject({ status: 'AUTHORIZED', pdfUrl: expect.any(String) });
  expect(
    (await mailTo('agendada.sem.webhook@exemplo.com')).filter((m) => m.includes('Nota fiscal')),
  ).toHaveLength(1);
});

it('is queued by the job runner once per 15 minutes while invoicing is on', async () => {
  const sweeps = async () =>
    (await db().select().from(jobs).where(eq(jobs.kind, 'follow_open_invoices'))).length;
  await db().delete(jobs).where(eq(jobs.kind, 'follow_open_invoices'));
  now = new Date(now.getTime() + 16 * 60_000);
  await asaas.app.jobs.drain();
  await asaas.app.jobs.drain();
  expect(await sweeps()).toBe(1);
  now = new Date(now.getTime() + 16 * 60_000);
  await asaas.app.jobs.drain();
  expect(await sweeps()).toBe(2);
});
