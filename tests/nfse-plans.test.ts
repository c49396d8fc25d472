import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { invoices, jobs, orders, subscriptions } from '#server/db/schema/index.ts';
import { enqueue } from '#server/jobs/job-queue.ts';
import { invoicesRepo } from '#server/invoices/invoices.repo.ts';
import { queueAllPlanInvoiceSettings } from '#server/invoices/plan-invoice-settings.ts';
import { deliverAsaasEvents } from './helpers/asaas-events';
import { planByCard, type AsaasTestApp } from './helpers/asaas-test-app';
import { newKey, orderRequest } from './helpers/order-request';
import { nfseHelpers, nfseSettingsOn, nfseWebhookToken, startNfseShop } from './helpers/nfse-shop';

// Issue 27 §2, monthly plans (ADR 036): each paid month gets its invoice through the subscription's
// invoice settings at Asaas, set once per plan and per change of the shop's settings (a lost answer is
// read back, never posted twice); Asaas makes the month's invoice and the shop authorises it, once.

let asaas: AsaasTestApp;
beforeAll(async () => {
  asaas = await startNfseShop();
  await invoicesRepo.saveSettings(db(), nfseSettingsOn, new Date());
});
afterAll(() => asaas.close());
const { db, invoiceRow } = nfseHelpers(() => asaas);

const settingsPath = /\/subscriptions\/[^/]+\/invoiceSettings$/;
const settingsCalls = (method: string) =>
  asaas.fake.requests.filter((r) => r.method === method && settingsPath.test(r.path.split('?')[0]!));
/** Runs every job now, those waiting out a back-off too (Asaas makes a month's invoice in its own time). */
async function runJobsNow() {
  await db()
    .update(jobs)
    .set({ runAt: new Date(0) });
  await asaas.app.jobs.drain();
}
async function deliver() {
  await deliverAsaasEvents(asaas.app, asaas.fake, nfseWebhookToken);
  await runJobsNow();
  await deliverAsaasEvents(asaas.app, asaas.fake, nfseWebhookToken);
}

async function buyPlan(instagram: string) {
  const res = await asaas.app.server.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'idempotency-key': newKey() },
    payload: orderRequest(planByCard(instagram)),
  });
  expect(res.statusCode).toBe(201);
  const firstId = res.json().order.id as string;
  await deliver();
  const [plan] = await db().select().from(subscriptions).where(eq(subscriptions.firstOrderId, firstId));
  return { firstId, plan: plan! };
}

it('sets a new plan’s invoice settings once, and the first month and a renewal each get one invoice', async () => {
  const { firstId, plan } = await buyPlan('@plano.com.nota');
  expect(settingsCalls('POST')).toHaveLength(1);
  expect(asaas.fake.fiscal.invoices.size).toBeGreaterThan(0);
  const held = asaasSettings(plan.providerSubscriptionId);
  expect(held).toMatchObject({
    effectiveDatePeriod: 'ON_PAYMENT_CONFIRMATION',
    receivedOnly: true,
    municipalServiceId: '101',
    taxes: { retainIss: false, iss: 2 },
  });
  // The job again (a second instance, a redelivery): Asaas's settings are already the shop's.
  await enqueue(db(), 'plan_invoice_settings', { subscriptionId: plan.id });
  await runJobsNow();
  expect(settingsCalls('POST')).toHaveLength(1);
  expect(settingsCalls('PUT')).toHaveLength(0);

  expect(await invoiceRow(firstId)).toMatchObject({ status: 'AUTHORIZED' });
  asaas.fake.renewSubscription(plan.providerSubscriptionId);
  await deliver();
  const months = await db().select().from(orders).where(eq(orders.subscriptionId, plan.id));
  expect(months).toHaveLength(2);
  for (const month of months) {
    expect(await invoiceRow(month.id)).toMatchObject({ status: 'AUTHORIZED' });
    const payment = [...asaas.fake.payments.values()].filter(
      (p) => p.subscription === plan.providerSubscriptionId,
    );
    const invoiced = [...asaas.fake.fiscal.invoices.values()].filter((i) =>
      payment.some((p) => p.id === i.payment),
    );
    expect(invoiced).toHaveLength(2);
  }
  // The shop never creates a month's invoice itself: Asaas made both.
  expect(asaas.fake.requests.filter((r) => r.method === 'POST' && r.path === '/v3/invoices')).toHaveLength(0);
});

it('a month not paid yet: its invoice waits at Asaas (PENDING), the shop records none; paid, it is issued once', async () => {
  const { plan } = await buyPlan('@plano.mes.aberto');
  const next = [...asaas.fake.payments.values()].find(
    (p) => p.subscription === plan.providerSubscriptionId && p.status === 'PENDING',
  )!;
  const invoiceOf = () => [...asaas.fake.fiscal.invoices.values()].find((i) => i.payment === next.id);
  // Asaas made the month's invoice with its charge: it waits for the payment.
  expect(invoiceOf()).toMatchObject({ status: 'PENDING' });
  await deliver();
  const months = async () => db().select().from(orders).where(eq(orders.subscriptionId, plan.id));
  const recorded = await db().select().from(invoices).where(eq(invoices.providerInvoiceId, invoiceOf()!.id));
  expect(recorded).toEqual([]);

  asaas.fake.renewSubscription(plan.providerSubscriptionId);
  await deliver();
  expect(invoiceOf()).toMatchObject({ status: 'AUTHORIZED' });
  const paid = (await months()).find((m) => m.paymentStatus === 'paid' && m.id !== plan.firstOrderId)!;
  expect(await invoiceRow(paid.id)).toMatchObject({
    status: 'AUTHORIZED',
    providerInvoiceId: invoiceOf()!.id,
  });
  const authorizations = asaas.fake.requests.filter(
    (r) => r.path === `/v3/invoices/${invoiceOf()!.id}/authorize`,
  );
  expect(authorizations.length).toBeLessThanOrEqual(1);
});

it('a lost answer to the settings is read back, not posted twice; a change replaces them, turning off removes them', async () => {
  asaas.fake.loseNextAnswer(settingsPath, 'POST');
  const before = settingsCalls('POST').length;
  const { plan } = await buyPlan('@plano.resposta.perdida');
  expect(settingsCalls('POST').length - before).toBe(1);
  expect(asaasSettings(plan.providerSubscriptionId)).toMatchObject({ receivedOnly: true });

  const puts = settingsCalls('PUT').length;
  await invoicesRepo.saveSettings(db(), { issBasisPoints: 500 }, new Date());
  await queueAllPlanInvoiceSettings(db());
  await runJobsNow();
  expect(settingsCalls('PUT').length - puts).toBeGreaterThanOrEqual(1);
  expect(asaasSettings(plan.providerSubscriptionId)).toMatchObject({ taxes: { iss: 5 } });

  await invoicesRepo.saveSettings(db(), { enabled: false }, new Date());
  await queueAllPlanInvoiceSettings(db());
  await runJobsNow();
  expect(asaasSettings(plan.providerSubscriptionId)).toBeUndefined();
});

const asaasSettings = (subscriptionId: string) => asaas.fake.fiscal.planSettings.get(subscriptionId);
