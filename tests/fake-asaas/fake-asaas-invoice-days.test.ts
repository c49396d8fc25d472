import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  call,
  eventNames,
  items,
  newSubscription,
  paidCharge,
  sendFiscalData,
  type Json,
} from './fake-asaas-client';
import { startFakeAsaas, type FakeAsaas } from './fake-asaas-server';

// Issue 44 §3: the invoices Asaas moves by itself. A scheduled invoice is issued on its effectiveDate
// without `authorize` ('Agendar nota fiscal', ADR 048); a plan's month invoice exists with its charge,
// waiting for it (PENDING, WAITING_OVERDUE_PAYMENT once overdue), and is SCHEDULED when the month is paid
// ('Automatically issue invoices for subscriptions', SubscriptionGetInvoicesRequestInvoiceStatus).

let now = Date.parse('2026-11-23T15:00:00Z');
let fake: FakeAsaas;
beforeEach(async () => {
  now = Date.parse('2026-11-23T15:00:00Z');
  fake = await startFakeAsaas(undefined, { clock: () => new Date(now) });
  await sendFiscalData(fake);
});
afterEach(() => fake.close());

const taxes = { retainIss: false, iss: 2, pis: 0, cofins: 0, csll: 0, inss: 0, ir: 0 };
const invoiceEvents = () =>
  fake.events.filter((e) => e.event.startsWith('INVOICE_')).map((e) => `${e.event} ${e.invoice!.status}`);
const nextDay = () => (now += 86_400_000);

describe('a scheduled invoice', () => {
  it('is issued by Asaas on its effectiveDate, without authorize: on the day’s run, or by the next day', async () => {
    const schedule = async (externalReference: string) => {
      const payment = await paidCharge(fake, '2026-11-23', { value: 120 });
      const created = await call(fake, 'POST', '/invoices', {
        payment: payment.id,
        serviceDescription: 'Seguidores',
        observations: `Pedido ${externalReference}`,
        value: 120,
        deductions: 0,
        effectiveDate: '2026-11-23',
        municipalServiceId: '101',
        municipalServiceName: 'Propaganda e publicidade',
        taxes,
        externalReference,
      });
      return String(created.body.id);
    };
    const today = await schedule('order-day');
    expect((await call(fake, 'GET', `/invoices/${today}`)).body).toMatchObject({ status: 'SCHEDULED' });
    fake.fiscal.issueScheduled();
    expect(fake.fiscal.invoices.get(today)).toMatchObject({ status: 'AUTHORIZED', number: '1' });
    expect(invoiceEvents()).toEqual([
      'INVOICE_CREATED SCHEDULED',
      'INVOICE_SYNCHRONIZED SYNCHRONIZED',
      'INVOICE_AUTHORIZED AUTHORIZED',
    ]);

    const left = await schedule('order-next-day');
    await call(fake, 'GET', '/payments');
    expect(fake.fiscal.invoices.get(left)!.status).toBe('SCHEDULED');
    nextDay();
    // Any request after its day finds it issued.
    expect((await call(fake, 'GET', `/invoices/${left}`)).body).toMatchObject({ status: 'AUTHORIZED' });
  });
});

describe('a plan’s month invoices', () => {
  it('PENDING with the charge, WAITING_OVERDUE_PAYMENT once it is overdue, SCHEDULED when paid', async () => {
    const plan = await newSubscription(fake, '2026-11-24');
    const settings = await call(fake, 'POST', `/subscriptions/${String(plan.id)}/invoiceSettings`, {
      municipalServiceId: '101',
      municipalServiceName: 'Propaganda e publicidade',
      deductions: 0,
      effectiveDatePeriod: 'ON_PAYMENT_CONFIRMATION',
      receivedOnly: true,
      observations: 'Plano mensal',
      taxes,
    });
    expect(settings.status).toBe(200);
    const charges = items(await call(fake, 'GET', `/payments?subscription=${String(plan.id)}`));
    const first = charges.find((c) => c.dueDate === '2026-11-24')!;
    const invoiceOf = async (payment: Json) =>
      items(await call(fake, 'GET', `/invoices?payment=${String(payment.id)}`))[0]!;
    expect(await invoiceOf(first)).toMatchObject({ status: 'PENDING', effectiveDate: '2026-11-24' });
    // Every month generated so far has its invoice, waiting.
    expect(charges.length).toBeGreaterThan(1);
    for (const charge of charges) expect((await invoiceOf(charge)).status).toBe('PENDING');

    now = Date.parse('2026-11-26T15:00:00Z');
    fake.passDueDates();
    expect(await invoiceOf(first)).toMatchObject({ status: 'WAITING_OVERDUE_PAYMENT' });
    fake.receivePix(String(first.id));
    expect(await invoiceOf(first)).toMatchObject({ status: 'SCHEDULED', effectiveDate: '2026-11-26' });
    expect(invoiceEvents().filter((e) => e.startsWith('INVOICE_UPDATED'))).toEqual([
      'INVOICE_UPDATED WAITING_OVERDUE_PAYMENT',
      'INVOICE_UPDATED SCHEDULED',
    ]);
    expect(eventNames(fake)).toContain('PAYMENT_RECEIVED');
  });
});
