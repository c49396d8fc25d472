import type { InvoiceView } from '#shared/schemas/order-view.ts';

/** "Nota fiscal: baixar PDF" (and the XML) of an issued invoice whose links the page may show. */
export function InvoiceLinks({ invoice }: { invoice: InvoiceView }) {
  if (!invoice.pdfUrl) return null;
  const link = 'font-semibold text-fuchsia-800 underline';
  return (
    <p data-testid="invoice-links">
      Nota fiscal{invoice.number ? ` nº ${invoice.number}` : ''}:{' '}
      <a href={invoice.pdfUrl} className={link} target="_blank" rel="noreferrer">
        baixar PDF
      </a>
      {invoice.xmlUrl && (
        <>
          {' · '}
          <a href={invoice.xmlUrl} className={link} target="_blank" rel="noreferrer">
            baixar XML
          </a>
        </>
      )}
    </p>
  );
}
