import { useState } from 'react';
import { formatDate, formatDateTime } from '#shared/dates.ts';
import { invoiceStateLabels, retryableInvoiceStates } from '#shared/invoice-labels.ts';
import { formatBRL } from '#shared/money.ts';
import type { AdminInvoice } from '#shared/schemas/admin-invoices.ts';
import { ApiError } from '#web/lib/api.ts';
import { retryInvoice } from './admin-invoices-api';

const cell = 'px-3 py-2 align-top';
const link = 'font-semibold text-fuchsia-800 underline';

/**
 * One invoice of "Notas fiscais": "Tentar de novo" on a refusal (ERROR or CANCELLATION_DENIED), with the
 * server's pt-BR reason when it cannot (an admin screen never swallows a failure).
 */
export function AdminInvoiceRow({ invoice, onChanged }: { invoice: AdminInvoice; onChanged: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const retry = async () => {
    setSending(true);
    setFailure(null);
    try {
      await retryInvoice(invoice.orderId);
      onChanged();
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : 'Não foi possível tentar de novo.');
    } finally {
      setSending(false);
    }
  };
  const refused = retryableInvoiceStates.includes(invoice.status);
  return (
    <tr className="border-t border-slate-200">
      <td className={cell}>{formatDate(new Date(invoice.createdAt))}</td>
      <td className={cell}>{invoice.issuedAt ? formatDateTime(new Date(invoice.issuedAt)) : '—'}</td>
      <td className={`${cell} font-mono`}>{invoice.purchaseCode}</td>
      <td className={cell}>
        {invoice.buyerName}
        <span className="block text-xs text-slate-600">{invoice.buyerEmail}</span>
      </td>
      <td className={cell}>{formatBRL(invoice.valueCents)}</td>
      <td className={cell}>
        <span className={refused ? 'font-semibold text-red-800' : ''}>
          {invoiceStateLabels[invoice.status]}
        </span>
        {invoice.statusDescription && refused && (
          <span className="block text-xs text-red-900">{invoice.statusDescription}</span>
        )}
      </td>
      <td className={cell}>{invoice.number ?? '—'}</td>
      <td className={cell}>
        {invoice.pdfUrl && (
          <a className={link} href={invoice.pdfUrl} target="_blank" rel="noopener noreferrer">
            PDF
          </a>
        )}{' '}
        {invoice.xmlUrl && (
          <a className={link} href={invoice.xmlUrl} target="_blank" rel="noopener noreferrer">
            XML
          </a>
        )}
      </td>
      <td className={cell}>
        {refused && (
          <button type="button" className={link} onClick={() => void retry()} disabled={sending}>
            {sending ? 'Enviando…' : 'Tentar de novo'}
          </button>
        )}
        {failure && (
          <p role="alert" className="mt-1 text-xs font-semibold text-red-800">
            {failure}
          </p>
        )}
      </td>
    </tr>
  );
}
