import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '#server/config.ts';
import type { InvoiceSettingsRow } from '#server/db/schema/index.ts';
import { asaasChecks } from '#server/doctor/asaas-checks.ts';
import { asaasFiscal } from '#server/invoices/fiscal-asaas.ts';
import { fiscalForm } from '#server/invoices/fiscal-form.ts';
import { asaasInvoices } from '#server/invoices/asaas-invoices.ts';
import { invoiceRequest } from '#server/invoices/issue-invoice.ts';
import { applyPlanInvoiceSettings } from '#server/invoices/plan-invoice-settings.ts';
import { createAsaasClient, type AsaasRequest } from '#server/payments/asaas/asaas-client.ts';
import { shopWebhookEvents } from '#server/payments/asaas/asaas-events.ts';
import { createAsaasProvider } from '#server/payments/asaas/asaas-provider.ts';
import { asaasRefundState, asaasState } from '#server/payments/asaas/asaas-words.ts';
import type { ChargeRequest } from '#server/payments/payment-provider.ts';
import { providerInvoiceStatuses } from '#shared/invoice-states.ts';
import { authenticationTypes } from '#shared/schemas/fiscal-info.ts';
import { startFakeAsaas, type FakeAsaas } from '../fake-asaas/fake-asaas-server';
import { answerProblems, enumOf, requestProblems, schemaProblems } from './asaas-contract';

// Issue 44 §1: what the shop sends Asaas and what the fake Asaas answers, each checked against Asaas's
// API v3 document (tests/contracts/asaas/README.md), not against our reading of it.

const today = '2026-11-23';
let fake: FakeAsaas;
let request: AsaasRequest;
beforeEach(async () => {
  fake = await startFakeAsaas(undefined, { clock: () => new Date(`${today}T15:00:00Z`) });
  request = createAsaasClient({ baseUrl: fake.url, apiKey: fake.apiKey, userAgent: 'Impulso/contract' });
});
afterEach(() => fake.close());

const provider = () =>
  createAsaasProvider({
    request,
    publicUrl: 'https://loja.example',
    clock: () => new Date(`${today}T15:00:00Z`),
  });

const customer = {
  name: 'Maria Souza',
  email: 'maria@exemplo.com',
  cpf: '52998224725',
  phone: '11987654321',
  address: { cep: '01310100', street: 'Av. Paulista', number: '1000', neighborhood: 'Bela Vista' },
};
const charge = (orderId: string): ChargeRequest =>
  ({
    orderId,
    amountCents: 9_700,
    description: 'Plano Simples',
    customer,
    remoteIp: '203.0.113.7',
  }) as ChargeRequest;
const card = {
  holderName: 'MARIA SOUZA',
  number: '4444444444444444',
  expiryMonth: '12',
  expiryYear: '2030',
  cvv: '123',
};

const rates = { iss: 200, pis: 65, cofins: 300, csll: 0, inss: 0, ir: 0 };
const settings = (patch: Partial<InvoiceSettingsRow> = {}): InvoiceSettingsRow => ({
  id: 'default',
  enabled: true,
  issueOn: 'payment',
  municipalServiceId: '1234',
  municipalServiceCode: null,
  municipalServiceName: 'Marketing digital',
  descriptionTemplate: '{servico} (pedido {pedido})',
  retainIss: false,
  issBasisPoints: rates.iss,
  pisBasisPoints: rates.pis,
  cofinsBasisPoints: rates.cofins,
  csllBasisPoints: rates.csll,
  inssBasisPoints: rates.inss,
  irBasisPoints: rates.ir,
  cancelOnRefund: true,
  nbsCode: null,
  taxSituationCode: null,
  taxClassificationCode: null,
  operationIndicatorCode: null,
  updatedAt: new Date(),
  ...patch,
});
/** The IBS/CBS classification, each code from Asaas's look-ups (the fake's). */
const classified = {
  nbsCode: '1.1502.10.00',
  taxSituationCode: '000',
  taxClassificationCode: '000001',
  operationIndicatorCode: '100301',
};

async function sendFiscalInfo() {
  const fiscal = asaasFiscal(request);
  const options = await fiscal.options();
  await fiscal.services('marketing');
  const fields = {
    email: 'fiscal@loja.example',
    simplesNacional: true,
    municipalInscription: '123456',
    username: 'loja',
    password: 'segredo',
  } as Parameters<typeof fiscalForm>[0];
  await fiscal.save(fiscalForm(fields, options, null));
  await fiscal.info();
}

/** Every request the fake received and every 2xx it answered, checked against the document. */
function exchangeProblems() {
  const sent = fake.requests
    .filter((r) => r.body !== null && !r.headers['content-type']?.startsWith('multipart/'))
    .flatMap((r) => requestProblems(r.method, r.path, r.body));
  const answered = fake.answers
    .filter((a) => a.status < 300)
    .flatMap((a) => answerProblems(a.method, a.path, a.body));
  return [...sent, ...answered];
}

describe("the shop's requests and the fake's answers, against Asaas's document", () => {
  it('charges, plans, refunds and lookups', async () => {
    const asaas = provider();
    await asaas.createPixCharge({ ...charge('order-pix'), payableUntil: new Date(`${today}T20:00:00Z`) });
    await asaas.createCardCharge({ ...charge('order-card'), card, installments: 1 });
    const split = await asaas.createCardCharge({ ...charge('order-3x'), card, installments: 3 });
    await asaas.createHostedCharge({ ...charge('order-debit'), method: 'debit_card', installments: 1 });
    await asaas.createSubscription({ ...charge('order-plan'), method: 'pix', card: undefined });
    await asaas.createSubscription({ ...charge('order-plan-card'), method: 'credit_card', card });
    const [paid] = await asaas.findCharges('order-card');
    await asaas.refund(
      { providerPaymentId: paid!.providerPaymentId, installmentPlanId: null },
      {
        amountCents: 1_000,
        reference: 'refund-1',
      },
    );
    if (split.outcome === 'approved' && split.installmentPlanId)
      await asaas.refund(
        { providerPaymentId: split.providerPaymentId, installmentPlanId: split.installmentPlanId },
        { reference: 'refund-2' },
      );
    await asaas.findRefunds({ providerPaymentId: paid!.providerPaymentId, installmentPlanId: null });
    await asaas.findSubscriptions('order-plan');
    await asaas.getState(paid!.providerPaymentId);
    const [pix] = await asaas.findCharges('order-pix');
    await asaas.cancelCharge(pix!.providerPaymentId);
    expect(exchangeProblems()).toEqual([]);
  });

  it('invoices, fiscal data and a plan’s invoice settings', async () => {
    const asaas = provider();
    const card3x = await asaas.createCardCharge({ ...charge('order-nf'), card, installments: 3 });
    if (card3x.outcome !== 'approved') throw new Error('the card was refused');
    await sendFiscalInfo();
    const invoices = asaasInvoices(request);
    const order = { purchaseCode: 'ABCD2345', quantity: 1 } as Parameters<typeof invoiceRequest>[1];
    const row = { id: '0b7a3c9e-6f1e-4a51-9d51-2c7d3a0c8e11', valueCents: 9_700 } as Parameters<
      typeof invoiceRequest
    >[2];
    const made = await invoices.create(
      invoiceRequest(settings(), order, row, { installment: card3x.installmentPlanId! }, new Date()),
    );
    await invoices.findByReference(row.id);
    await invoices.authorize(made.id);
    await invoices.get(made.id);
    await invoices.cityCancels();
    await invoices.cancel(made.id);

    const plan = await asaas.createSubscription({
      ...charge('order-plan-nf'),
      method: 'pix',
      card: undefined,
    });
    const subscription = plan.providerSubscriptionId!;
    await applyPlanInvoiceSettings(request, subscription, settings()); // none yet: POST
    await applyPlanInvoiceSettings(request, subscription, settings({ issBasisPoints: 300 })); // PUT
    await applyPlanInvoiceSettings(request, subscription, settings({ municipalServiceId: '5678' })); // new service
    await applyPlanInvoiceSettings(request, subscription, settings({ enabled: false })); // DELETE
    expect(exchangeProblems()).toEqual([]);
  });

  it('a plan’s settings at Asaas follow the shop’s: the period read back, a new service by DELETE + POST', async () => {
    await sendFiscalInfo();
    const plan = await provider().createSubscription({
      ...charge('order-plan-2'),
      method: 'pix',
      card: undefined,
    });
    const id = plan.providerSubscriptionId!;
    const path = `/subscriptions/${id}/invoiceSettings`;
    await applyPlanInvoiceSettings(request, id, settings());
    await applyPlanInvoiceSettings(request, id, settings({ issBasisPoints: 500 }));
    await applyPlanInvoiceSettings(request, id, settings({ municipalServiceId: '5678' }));
    const held = (await request('GET', path)) as Record<string, unknown>;
    expect(held).toMatchObject({
      municipalServiceId: '5678',
      invoiceCreationPeriod: 'ON_PAYMENT_CONFIRMATION',
      taxes: { iss: 2 },
    });
    const calls = fake.requests.filter((r) => r.path === `/v3${path}`).map((r) => r.method);
    expect(calls).toEqual(['GET', 'POST', 'GET', 'PUT', 'GET', 'DELETE', 'POST', 'GET']);
  });

  it('the IBS/CBS classification: the look-ups, an invoice’s taxes, a plan’s settings', async () => {
    await sendFiscalInfo();
    const fiscal = asaasFiscal(request);
    expect((await fiscal.codes('nbs', 'publicidade')).map((c) => c.code)).toEqual(['1.1502.10.00']);
    expect((await fiscal.codes('taxSituation', '000')).map((c) => c.code)).toEqual(['000']);
    expect(await fiscal.codes('taxClassification', 'integralmente')).toEqual([
      expect.objectContaining({ code: '000001', taxSituationCode: '000' }),
    ]);
    expect((await fiscal.codes('operationIndicator', '1003')).map((c) => c.code)).toEqual(['100301']);
    const paid = await provider().createCardCharge({ ...charge('order-ibs'), card, installments: 1 });
    if (paid.outcome !== 'approved') throw new Error('the card was refused');
    const order = { purchaseCode: 'ABCD2346', quantity: 1 } as Parameters<typeof invoiceRequest>[1];
    const row = { id: '7a2c1e0b-4d3f-4b62-8e61-3d8e4b1d9f22', valueCents: 9_700 } as Parameters<
      typeof invoiceRequest
    >[2];
    const origin = { payment: paid.providerPaymentId };
    const made = await asaasInvoices(request).create(
      invoiceRequest(settings(classified), order, row, origin, new Date(`${today}T15:00:00Z`)),
    );
    expect(fake.fiscal.invoices.get(made.id)!.taxes).toMatchObject(classified);
    const plan = await provider().createSubscription({
      ...charge('order-ibs-plan'),
      method: 'pix',
      card: undefined,
    });
    const id = plan.providerSubscriptionId!;
    await applyPlanInvoiceSettings(request, id, settings(classified)); // POST, with the classification
    await applyPlanInvoiceSettings(request, id, settings({ ...classified, issBasisPoints: 300 }));
    expect(fake.fiscal.planSettings.get(id)).toMatchObject({ taxes: { ...classified, iss: 3 } });
    const calls = fake.requests.filter((r) => r.path === `/v3/subscriptions/${id}/invoiceSettings`);
    // PUT cannot carry the classification: replaced by DELETE + POST.
    expect(calls.map((r) => r.method)).toEqual(['GET', 'POST', 'GET', 'DELETE', 'POST']);
    expect(exchangeProblems()).toEqual([]);
  });

  it('what npm run doctor reads of the account', async () => {
    fake.account.site = 'https://loja.example';
    const config = {
      env: 'test',
      publicUrl: 'https://loja.example',
      asaas: { apiUrl: fake.url, apiKey: fake.apiKey, webhookToken: 'x'.repeat(32), userAgent: 'Impulso' },
    } as Config;
    const lines = await asaasChecks({ config, timeoutMs: 5_000 });
    expect(lines.map((l) => l.name)).toEqual(['Asaas', 'Asaas webhook', 'Asaas PIX', 'Asaas site']);
    expect(fake.answers.map((a) => a.path)).toContain('/v3/myAccount/commercialInfo/');
    expect(exchangeProblems()).toEqual([]);
  });

  it('every webhook the fake sends', async () => {
    const asaas = provider();
    await asaas.createPixCharge({ ...charge('order-hook'), payableUntil: new Date(`${today}T20:00:00Z`) });
    await asaas.createCardCharge({ ...charge('order-hook-card'), card, installments: 1 });
    const [paid] = await asaas.findCharges('order-hook-card');
    await asaas.refund(
      { providerPaymentId: paid!.providerPaymentId, installmentPlanId: null },
      { reference: 'refund-3' },
    );
    // Invoices: one scheduled and issued by Asaas on its day; a plan's month waiting, then paid.
    await sendFiscalInfo();
    const order = { purchaseCode: 'ABCD2345', quantity: 1 } as Parameters<typeof invoiceRequest>[1];
    const row = { id: '5d1e7f0a-3c2b-4a51-9d51-2c7d3a0c8e12', valueCents: 9_700 } as Parameters<
      typeof invoiceRequest
    >[2];
    const origin = { payment: paid!.providerPaymentId };
    const day = new Date(`${today}T15:00:00Z`);
    await asaasInvoices(request).create(invoiceRequest(settings(), order, row, origin, day));
    fake.fiscal.issueScheduled();
    const plan = await asaas.createSubscription({
      ...charge('order-hook-plan'),
      method: 'pix',
      card: undefined,
    });
    await applyPlanInvoiceSettings(request, plan.providerSubscriptionId!, settings());
    const month = [...fake.payments.values()].find((p) => p.subscription === plan.providerSubscriptionId)!;
    fake.receivePix(month.id);
    await request('GET', `/payments/${month.id}`);
    expect(fake.events.filter((e) => 'invoice' in e).map((e) => e.invoice!.status)).toEqual(
      expect.arrayContaining(['SCHEDULED', 'SYNCHRONIZED', 'AUTHORIZED', 'PENDING']),
    );
    expect(fake.events.length).toBeGreaterThan(0);
    const events = enumOf('WebhookConfigGetResponseWebhookEvent');
    const problems = fake.events.flatMap((e) => [
      ...(events.includes(e.event) ? [] : [`${e.event} is not an event of the document`]),
      ...('payment' in e ? schemaProblems('PaymentGetResponseDto', e.payment) : []),
      ...('invoice' in e ? schemaProblems('InvoiceGetResponseDto', e.invoice) : []),
    ]);
    expect(problems).toEqual([]);
  });
});

describe('the document itself', () => {
  it('refuses what it does not list: the period under its request name in a GET answer, a service in PUT', () => {
    const path = '/v3/subscriptions/sub_1/invoiceSettings';
    expect(answerProblems('GET', path, { effectiveDatePeriod: 'ON_PAYMENT_CONFIRMATION' })).not.toEqual([]);
    expect(answerProblems('GET', path, { invoiceCreationPeriod: 'ON_PAYMENT_CONFIRMATION' })).toEqual([]);
    const taxes = { retainIss: false, iss: 2, pis: 0, cofins: 0, csll: 0, inss: 0, ir: 0 };
    expect(requestProblems('PUT', path, { municipalServiceId: '1', taxes })).not.toEqual([]);
    expect(requestProblems('PUT', path, { taxes })).toEqual([]);
    // The IBS/CBS classification: in POST's taxes (InvoiceTaxesRequestDTO), not in PUT's (InvoiceTaxesDto).
    expect(requestProblems('PUT', path, { taxes: { ...taxes, ...classified } })).not.toEqual([]);
    const post = { municipalServiceId: '1', taxes: { ...taxes, ...classified } };
    expect(requestProblems('POST', path, post)).toEqual([]);
  });
});

describe('the words the shop reads are in the document’s enums', () => {
  it('charge, refund and invoice statuses, webhook events, the city’s access', () => {
    const chargeStatuses = enumOf('PaymentGetResponsePaymentStatus');
    const read = chargeStatuses.filter((s) => asaasState({ status: s }) !== null);
    expect(read.length).toBeGreaterThan(10);
    // Every status word the shop maps is one Asaas lists.
    for (const status of [
      'PENDING',
      'OVERDUE',
      'CONFIRMED',
      'RECEIVED',
      'REFUNDED',
      'AWAITING_RISK_ANALYSIS',
    ])
      expect(chargeStatuses).toContain(status);
    expect(enumOf('PaymentRefundGetResponsePaymentRefundStatus').map(asaasRefundState)).not.toContain(
      undefined,
    );
    const webhookEvents = enumOf('WebhookConfigGetResponseWebhookEvent');
    expect(shopWebhookEvents.filter((e) => !webhookEvents.includes(e))).toEqual([]);
    const invoiceStatuses = new Set([
      ...enumOf('InvoiceGetResponseInvoiceStatus'),
      ...enumOf('SubscriptionGetInvoicesRequestInvoiceStatus'),
    ]);
    expect(providerInvoiceStatuses.filter((s) => !invoiceStatuses.has(s))).toEqual([]);
    expect(
      [...invoiceStatuses].filter((s) => !(providerInvoiceStatuses as readonly string[]).includes(s)),
    ).toEqual([]);
    expect(
      authenticationTypes.filter(
        (t) => !enumOf('FiscalInfoMunicipalOptionsGetResponseEnotasTipoAutenticacao').includes(t),
      ),
    ).toEqual([]);
  });
});
