import { useState, type FormEvent } from 'react';
import type { InvoiceView } from '#shared/schemas/order-view.ts';
import { buttonSecondary } from '../../components/ui/styles';
import { ApiError } from '../../lib/api';
import { InvoiceLinks } from './invoice-links';
import { asksForCode } from './order-access';
import { orderWrites } from './orders-api';
import { usePurchaseCode } from './purchase-code';

const texts: Record<InvoiceView['state'], { line: string; action: string | null }> = {
  issued: { line: 'Nota fiscal emitida.', action: 'Ver nota fiscal' },
  on_its_way: {
    line: 'Nota fiscal: a caminho. Enviamos os links por e-mail assim que for emitida.',
    action: null,
  },
  requestable: { line: 'Precisa de nota fiscal deste pedido?', action: 'Pedir nota fiscal' },
};

/**
 * The order's NFS-e on /order/{id} (docs/product.md#company-invoices): its links once issued, for a tab
 * that proves the order (else the purchase code asks for them), or "Pedir nota fiscal" when the shop
 * issues on request.
 */
export function OrderInvoice({
  orderId,
  invoice,
}: {
  orderId: string;
  invoice: InvoiceView | null | undefined;
}) {
  const [answered, setAnswered] = useState<InvoiceView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const proof = usePurchaseCode(orderId, 'codigo-nota');
  const view = answered ?? invoice;
  if (!view) return null;
  if (view.state === 'issued' && view.pdfUrl)
    return (
      <section aria-label="Nota fiscal" className="mt-6">
        <InvoiceLinks invoice={view} />
      </section>
    );
  const { line, action } = texts[view.state];
  const path = view.state === 'issued' ? orderWrites.invoiceLinks(orderId) : orderWrites.invoice(orderId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setBusy(true);
    try {
      const answer = await proof.post<{ invoice: InvoiceView | null; orderToken?: string }>(path, {});
      setAnswered(answer.invoice);
    } catch (error) {
      if (!asksForCode(error))
        setFailure(error instanceof ApiError ? error.message : 'Não foi possível agora. Tente novamente.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Nota fiscal"
      className="mt-6 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
    >
      <p className="text-slate-800">{line}</p>
      {action && (
        <>
          {proof.field}
          {failure && (
            <p role="alert" className="mt-2 text-red-800">
              {failure}
            </p>
          )}
          <button type="submit" className={`${buttonSecondary} mt-3`} disabled={busy}>
            {busy ? 'Enviando…' : action}
          </button>
        </>
      )}
    </form>
  );
}
