import { formatPurchaseCode } from '../../shared/orders';
import type { InvoiceRow } from '../db/schema';
import type { Email } from '../email/mailer';
import { layout, orderUrl, type OrderForEmail, type Shop } from '../email/templates';

/** Sent once when the city hall authorised the order's NFS-e: its PDF and XML (docs/nfse.md). */
export function invoiceAuthorizedEmail(shop: Shop, order: OrderForEmail, invoice: InvoiceRow): Email {
  const code = formatPurchaseCode(order.purchaseCode);
  const { html, text } = layout(
    shop,
    `Nota fiscal do pedido ${code}`,
    [
      `A nota fiscal de serviço${invoice.number ? ` nº ${invoice.number}` : ''} do pedido ${code} foi emitida.`,
      `PDF: ${invoice.pdfUrl ?? ''}`,
      `XML: ${invoice.xmlUrl ?? ''}`,
    ],
    { label: 'Nota fiscal: baixar PDF', url: invoice.pdfUrl ?? orderUrl(shop, order.id) },
  );
  return { to: order.email, subject: `Nota fiscal do pedido ${code} – ${shop.name}`, html, text };
}
