import type { InvoiceView } from '../../shared/schemas/order-view';
import type { Db } from '../db/client';
import type { InvoiceRow, OrderRow } from '../db/schema';
import { AppError } from '../errors';
import { invoicesRepo } from './invoices.repo';
import { recordOwedInvoice } from './owed-invoice';

// The order's NFS-e as its buyer sees it on /order/{id} and /dashboard (ADR 036). The PDF and XML name the
// buyer (CPF or CNPJ): their links go only to whoever proves the order (ADR 026).

const onItsWay = new Set(['pending', 'creating', 'unknown', 'SCHEDULED', 'SYNCHRONIZED', 'ERROR']);

/** The view of an invoice row, links included only when `withLinks`; null when there is nothing to show. */
export function invoiceViewOf(invoice: InvoiceRow | undefined, withLinks: boolean): InvoiceView | null {
  if (invoice?.status === 'AUTHORIZED')
    return {
      state: 'issued',
      number: invoice.number,
      pdfUrl: withLinks ? invoice.pdfUrl : null,
      xmlUrl: withLinks ? invoice.xmlUrl : null,
    };
  if (invoice && onItsWay.has(invoice.status))
    return { state: 'on_its_way', number: null, pdfUrl: null, xmlUrl: null };
  return null;
}

/** The buyer's view of the order's invoice; `requestable` when the shop issues on request and none is owed. */
export async function buyerInvoice(db: Db, order: OrderRow, withLinks: boolean): Promise<InvoiceView | null> {
  const invoice = await invoicesRepo.forOrder(db, order.id);
  if (invoice) return invoiceViewOf(invoice, withLinks);
  const settings = await invoicesRepo.settings(db);
  const requestable =
    settings?.enabled &&
    settings.issueOn === 'request' &&
    !order.subscriptionId &&
    order.paymentStatus === 'paid';
  return requestable ? { state: 'requestable', number: null, pdfUrl: null, xmlUrl: null } : null;
}

/**
 * "Pedir nota fiscal": the paid order's invoice is owed now, once however many times it is asked
 * (ADR 036). Refused when the shop does not issue on request or the order is not paid.
 */
export async function requestInvoice(db: Db, order: OrderRow, now: Date): Promise<InvoiceView | null> {
  if (order.paymentStatus !== 'paid') throw new AppError('conflict', 'invoice_not_requestable');
  const recorded = await db.transaction((tx) => recordOwedInvoice(tx, order, now, 'request'));
  const invoice = await invoicesRepo.forOrder(db, order.id);
  if (!recorded && !invoice) throw new AppError('conflict', 'invoice_not_requestable');
  return invoiceViewOf(invoice, true);
}
