import { saoPauloDay } from '../../shared/dates';
import { notYetScheduled, type InvoiceReport } from '../../shared/invoice-states';
import type { Db } from '../db/client';
import type { InvoiceRow, InvoiceSettingsRow, OrderRow } from '../db/schema';
import { ordersRepo } from '../orders/orders.repo';
import { AsaasRequestError } from '../payments/asaas/asaas-client';
import { paymentsRepo } from '../payments/payments.repo';
import type { AsaasInvoice, AsaasInvoices, InvoiceOrigin, NewAsaasInvoice } from './asaas-invoices';
import { ibsCbsTaxes } from './ibs-cbs';
import { invoicesRepo } from './invoices.repo';
import { recordInvoice } from './record-invoice';
import { reportOf } from './report-of';

// The issue_invoice job (ADR 033): one invoice per paid order, exactly once. The row was recorded with the
// payment; here it is claimed (one instance asks), Asaas is asked what it holds under our reference before
// anything is created (Asaas has no idempotency key), and a lost answer leaves the row `unknown`, looked up
// again by the job's next attempt, never sent again blindly.

export interface IssueDeps {
  db: Db;
  invoices: AsaasInvoices;
  clock: () => Date;
}

const percent = (basisPoints: number) => basisPoints / 100;

/**
 * The shop's tax rates as Asaas takes them (percent), and the IBS/CBS classification when chosen, for an
 * order's invoice and a plan's settings alike.
 */
export const invoiceTaxes = (settings: InvoiceSettingsRow) => ({
  retainIss: settings.retainIss,
  iss: percent(settings.issBasisPoints),
  pis: percent(settings.pisBasisPoints),
  cofins: percent(settings.cofinsBasisPoints),
  csll: percent(settings.csllBasisPoints),
  inss: percent(settings.inssBasisPoints),
  ir: percent(settings.irBasisPoints),
  ...ibsCbsTaxes(settings),
});

/** The invoice as Asaas takes it, from the shop's settings and the order. */
export function invoiceRequest(
  settings: InvoiceSettingsRow,
  order: OrderRow,
  invoice: InvoiceRow,
  origin: InvoiceOrigin,
  now: Date,
): NewAsaasInvoice {
  const description = settings.descriptionTemplate
    .replaceAll('{servico}', settings.municipalServiceName)
    .replaceAll('{pedido}', order.purchaseCode)
    .replaceAll('{quantidade}', String(order.quantity));
  return {
    ...origin,
    serviceDescription: description,
    observations: `Pedido ${order.purchaseCode}`,
    value: invoice.valueCents / 100,
    deductions: 0,
    effectiveDate: saoPauloDay(now),
    ...(settings.municipalServiceId ? { municipalServiceId: settings.municipalServiceId } : {}),
    ...(settings.municipalServiceCode ? { municipalServiceCode: settings.municipalServiceCode } : {}),
    municipalServiceName: settings.municipalServiceName,
    taxes: invoiceTaxes(settings),
    externalReference: invoice.id,
  };
}

/** Asks Asaas for the order's invoice: adopted when it exists, created otherwise, then sent to the city. */
async function askAsaas(deps: IssueDeps, claimed: InvoiceRow, settings: InvoiceSettingsRow) {
  const { db, invoices } = deps;
  let held = await invoices.findByReference(claimed.id);
  if (!held) {
    const order = await ordersRepo.findById(db, claimed.orderId);
    const payment = await paymentsRepo.paidForOrder(db, claimed.orderId);
    if (!order || !payment) throw new Error(`invoice ${claimed.id}: the order has no paid charge`);
    // A plan's month is Asaas's to make (its invoice settings, ADR 036): found by its charge, or later.
    if (order.subscriptionId) {
      held = await invoices.findByPayment(payment.providerPaymentId);
      if (!held || notYetScheduled.has(held.status))
        throw new Error(`invoice ${claimed.id}: Asaas has not scheduled the month's invoice yet`);
    } else {
      // A card in instalments: one invoice for the whole plan, not for its first instalment (Asaas
      // 'Agendar nota fiscal': `installment`).
      const origin: InvoiceOrigin = payment.providerInstallmentId
        ? { installment: payment.providerInstallmentId }
        : { payment: payment.providerPaymentId };
      held = await invoices.create(invoiceRequest(settings, order, claimed, origin, deps.clock()));
    }
  }
  // Asaas's id is kept before the next call (the row stays ours, `creating`), so a webhook finds it.
  await invoicesRepo.rememberProviderId(db, claimed.id, held.id);
  // Asaas issues a SCHEDULED invoice itself on its effectiveDate (today here); `authorize` only brings
  // that forward ('Agendar nota fiscal', 'Emitir uma nota fiscal', docs/nfse.md). An ERROR found here is
  // one the owner asked to try again ("Tentar de novo"): sent to the city again.
  if (held.status === 'SCHEDULED' || held.status === 'ERROR') held = await authorized(invoices, held);
  await recordInvoice(db, claimed, reportOf(held), deps.clock());
}

/** Sent to the city hall now; refused because Asaas moved it meanwhile (issued it itself): read again. */
async function authorized(invoices: AsaasInvoices, held: AsaasInvoice): Promise<AsaasInvoice> {
  try {
    return await invoices.authorize(held.id);
  } catch (error) {
    if (!(error instanceof AsaasRequestError)) throw error;
    const now = await invoices.get(held.id);
    if (now.status === held.status) throw error;
    return now;
  }
}

export async function issueInvoice(deps: IssueDeps, orderId: string): Promise<void> {
  const { db } = deps;
  const settings = await invoicesRepo.settings(db);
  // Turned off meanwhile: the invoice stays owed, issued if the owner turns invoicing on again.
  if (!settings?.enabled) return;
  const claimed = await invoicesRepo.claim(db, orderId, deps.clock());
  if (!claimed) return;
  try {
    await askAsaas(deps, claimed, settings);
  } catch (err) {
    if (err instanceof AsaasRequestError) {
      // Refused (a field, the fiscal data): nothing was made; the owner sees why and may try again.
      const report = { ...refusedReport(claimed), statusDescription: err.message };
      await recordInvoice(db, claimed, report, deps.clock());
      return;
    }
    await invoicesRepo.markLost(db, claimed.id, deps.clock());
    throw err;
  }
}

const refusedReport = (row: InvoiceRow): InvoiceReport => ({
  providerInvoiceId: row.providerInvoiceId ?? `refused:${row.id}`,
  status: 'ERROR',
  reference: row.id,
  payment: null,
  number: null,
  pdfUrl: null,
  xmlUrl: null,
  statusDescription: null,
});
