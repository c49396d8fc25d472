import { notYetScheduled, type InvoiceReport } from '../../shared/invoice-states';
import type { Db } from '../db/client';
import type { ProviderEvent } from '../payments/provider-webhook';
import { asaasInvoice } from './asaas-invoices';
import { invoicesRepo } from './invoices.repo';
import { ordersRepo } from '../orders/orders.repo';
import { paymentsRepo } from '../payments/payments.repo';
import { recordInvoice } from './record-invoice';
import { reportOf } from './report-of';

// Asaas's INVOICE_* webhooks ('Eventos para notas fiscais'): the invoice as it is now, in `invoice`.

/** The report an invoice webhook carries; null when its invoice or its status cannot be read (kept, logged). */
export function readInvoiceEvent(payload: Record<string, unknown>): ProviderEvent | null {
  const parsed = asaasInvoice.safeParse(payload.invoice);
  const report = parsed.success ? reportOf(parsed.data) : null;
  return report ? { kind: 'invoice', report } : null;
}

/**
 * A plan month's invoice, which Asaas made from the plan's invoice settings (ADR 036): its charge names
 * the month's order, whose row is recorded now if its payment has not recorded it yet.
 */
async function planMonthInvoice(db: Db, paymentId: string, now: Date) {
  const payment = await paymentsRepo.findByProviderId(db, 'asaas', paymentId);
  const order = payment && (await ordersRepo.findById(db, payment.orderId));
  if (!order?.subscriptionId) return undefined;
  await invoicesRepo.recordOwed(db, order.id, order.totalCents, now);
  return invoicesRepo.forOrder(db, order.id);
}

/**
 * Our invoice by Asaas's id, by our reference when the answer that would have told us its id was lost,
 * or a plan's month by its charge; an invoice not ours (made by hand in Asaas's panel) is left alone.
 */
export async function applyInvoiceReport(db: Db, report: InvoiceReport, now: Date) {
  const ours =
    (await invoicesRepo.byProviderId(db, report.providerInvoiceId)) ??
    (report.reference ? await invoicesRepo.byId(db, report.reference) : undefined) ??
    // A month's invoice made before the month is paid is not the shop's yet (ADR 036).
    (report.payment && !notYetScheduled.has(report.status)
      ? await planMonthInvoice(db, report.payment, now)
      : undefined);
  if (ours) await recordInvoice(db, ours, report, now);
  return 'applied' as const;
}
