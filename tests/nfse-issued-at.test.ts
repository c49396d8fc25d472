import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { invoicesRepo } from '#server/invoices/invoices.repo.ts';
import { operatorCookie } from './helpers/accounts';
import { deliverAsaasEvents } from './helpers/asaas-events';
import type { AsaasTestApp } from './helpers/asaas-test-app';
import {
  nfseHelpers,
  nfseOwnerEmail,
  nfseSettingsOn,
  nfseWebhookToken,
  startNfseShop,
} from './helpers/nfse-shop';

// Issue 27, "Emitida em" in the panel's "Notas fiscais": the moment the city hall's authorisation was
// recorded — from Asaas's answer, its webhook or the sweep — kept once, shown in São Paulo time beside the
// invoice's date, and in the accountant's CSV.

let asaas: AsaasTestApp;
let owner: string;
let now = new Date('2026-11-20T14:00:00Z');
beforeAll(async () => {
  asaas = await startNfseShop({ clock: () => now });
  owner = await operatorCookie(asaas.app, nfseOwnerEmail);
  await invoicesRepo.saveSettings(db(), nfseSettingsOn, now);
});
afterAll(() => asaas.close());
beforeEach(() => {
  asaas.fake.fiscal.cityHall.issue = { kind: 'held' };
});
const { db, paidOrder, invoiceRow } = nfseHelpers(() => asaas);

const get = (url: string) => asaas.app.server.inject({ method: 'GET', url, headers: { cookie: owner } });
const listed = async (orderId: string) =>
  ((await get('/api/admin/invoices?period=all')).json().invoices as Array<Record<string, unknown>>).find(
    (i) => i.orderId === orderId,
  );
const csvLine = async (orderId: string) => {
  const row = await invoiceRow(orderId);
  return (await get('/api/admin/invoices.csv?period=all')).body
    .split('\r\n')
    .find((l) => l.endsWith(row!.id));
};
/** The city hall answers the held invoice of the order (its webhooks queued at the fake). */
const cityHallIssues = async (orderId: string) =>
  asaas.fake.fiscal.decide((await invoiceRow(orderId))!.providerInvoiceId!, 'issue', { kind: 'accepted' });

it("records the INVOICE_AUTHORIZED webhook's moment once, and shows it in São Paulo time", async () => {
  now = new Date('2026-11-20T14:00:00Z');
  const orderId = await paidOrder('emitida.webhook@exemplo.com');
  await asaas.app.jobs.drain();
  expect(await invoiceRow(orderId)).toMatchObject({ status: 'SYNCHRONIZED', issuedAt: null });
  expect(await listed(orderId)).toMatchObject({ issuedAt: null });
  await deliverAsaasEvents(asaas.app, asaas.fake, nfseWebhookToken);

  // Authorised late at night in São Paulo: already the 22nd in UTC, still the 21st on the shop's clock.
  now = new Date('2026-11-22T01:30:00Z');
  await cityHallIssues(orderId);
  const sent = await deliverAsaasEvents(asaas.app, asaas.fake, nfseWebhookToken);
  expect(sent.map((e) => e.event)).toEqual(['INVOICE_AUTHORIZED']);
  expect(await invoiceRow(orderId)).toMatchObject({ status: 'AUTHORIZED', issuedAt: now });

  // Asaas delivers it again (another event id) and a late SYNCHRONIZED comes: the moment stays.
  now = new Date('2026-11-22T09:00:00Z');
  for (const [event, copy] of sent.map((e, i) => [e, i] as const))
    await asaas.app.server.inject({
      method: 'POST',
      url: '/api/webhooks/asaas',
      headers: { 'asaas-access-token': nfseWebhookToken },
      payload: { ...event, id: `${event.id}_again_${copy}` },
    });
  await asaas.app.jobs.drain();
  const row = await invoiceRow(orderId);
  expect(row?.issuedAt).toEqual(new Date('2026-11-22T01:30:00Z'));

  expect(await listed(orderId)).toMatchObject({
    createdAt: '2026-11-20T14:00:00.000Z',
    issuedAt: '2026-11-22T01:30:00.000Z',
  });
  expect((await csvLine(orderId))!.split(';').slice(0, 3)).toEqual([
    '20/11/2026',
    '21/11/2026 22:30',
    row!.number,
  ]);
});

it('records the moment the sweep learned it when the webhook was lost', async () => {
  now = new Date('2026-11-23T12:00:00Z');
  const orderId = await paidOrder('emitida.varredura@exemplo.com');
  await asaas.app.jobs.drain();
  await cityHallIssues(orderId);
  asaas.fake.events.splice(0);

  now = new Date('2026-11-23T12:31:00Z');
  await asaas.app.jobs.drain();
  expect(await invoiceRow(orderId)).toMatchObject({ status: 'AUTHORIZED', issuedAt: now });
  expect((await csvLine(orderId))!.split(';').slice(0, 2)).toEqual(['23/11/2026', '23/11/2026 09:31']);
});

it("records Asaas's answer when the city hall authorises at once; a refused invoice has none", async () => {
  now = new Date('2026-11-24T15:00:00Z');
  asaas.fake.fiscal.cityHall.issue = { kind: 'accepted' };
  const issued = await paidOrder('emitida.na.hora@exemplo.com');
  now = new Date('2026-11-24T15:00:07Z');
  await asaas.app.jobs.drain();
  expect(await invoiceRow(issued)).toMatchObject({ status: 'AUTHORIZED', issuedAt: now });
  asaas.fake.fiscal.cityHall.issue = { kind: 'refused', description: 'CNAE inválido.' };
  const refused = await paidOrder('recusada@exemplo.com');
  await asaas.app.jobs.drain();
  expect(await invoiceRow(refused)).toMatchObject({ status: 'ERROR', issuedAt: null });
  expect(await listed(refused)).toMatchObject({ status: 'ERROR', issuedAt: null });
  expect((await csvLine(refused))!.split(';').slice(0, 3)).toEqual(['24/11/2026', '', '']);
});
