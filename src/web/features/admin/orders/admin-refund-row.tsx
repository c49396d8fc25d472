import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatDateTime } from '#shared/dates.ts';
import { formatBRL, parseBRL } from '#shared/money.ts';
import { refundStateLabels } from '#shared/payment-states.ts';
import type { AdminOrder, AdminRefund } from '#shared/schemas/admin.ts';
import { buttonPrimary } from '#web/components/ui/styles.ts';
import { ApiError } from '#web/lib/api.ts';
import { orderRefunds, refundOrder } from '../admin-api';
import { Failure, failureText } from '../admin-failure';

/**
 * "Reembolsar" under an order's row (docs/product.md#refunds): the whole amount or a part, with a reason. One
 * Idempotency-Key per form, so a double click refunds once; the order turns Reembolsado when the
 * provider confirms.
 */
export function AdminRefundRow({ order, onChanged }: { order: AdminOrder; onChanged: () => void }) {
  const [refunds, setRefunds] = useState<AdminRefund[]>([]);
  const [amount, setAmount] = useState(formatBRL(order.totalCents).replace('R$', '').trim());
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const key = useRef(crypto.randomUUID());
  const load = async () => {
    try {
      setRefunds((await orderRefunds(order.id)).refunds);
      setFailure(null);
    } catch (error) {
      setFailure(failureText(error));
    }
  };
  useEffect(() => {
    void load();
    // Loaded once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const cents = parseBRL(amount);
    if (cents === null || cents <= 0) return setMessage('Informe o valor em reais, por exemplo 85,90.');
    setSending(true);
    setMessage(null);
    try {
      await refundOrder(
        order.id,
        { ...(cents === order.totalCents ? {} : { amountCents: cents }), reason },
        key.current,
      );
      key.current = crypto.randomUUID();
      setMessage('Reembolso pedido. O pedido fica Reembolsado quando o intermediador confirmar.');
    } catch (error) {
      setMessage(error instanceof ApiError ? error.message : 'Não foi possível pedir o reembolso.');
    } finally {
      setSending(false);
      await load();
      onChanged();
    }
  };

  return (
    <tr className="bg-slate-50 max-md:block">
      <td colSpan={9} className="px-3 max-md:block py-3 text-sm">
        {refunds.length > 0 && (
          <ul className="mb-2 space-y-1">
            {refunds.map((r) => (
              <li key={r.id}>
                {formatDateTime(new Date(r.createdAt))} · {formatBRL(r.amountCents)} · {r.reason} ·{' '}
                <strong>{refundStateLabels[r.status]}</strong>
                {r.lastError ? ` (${r.lastError})` : ''}
              </li>
            ))}
          </ul>
        )}
        {order.paymentStatus === 'paid' && (
          <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
            <label>
              <span className="block font-semibold">Valor a reembolsar (R$)</span>
              <input
                className="w-28 rounded-md border border-slate-400 px-2 py-1"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                inputMode="decimal"
              />
            </label>
            <label className="min-w-48 flex-1">
              <span className="block font-semibold">Motivo</span>
              <input
                className="w-full rounded-md border border-slate-400 px-2 py-1"
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                maxLength={300}
              />
            </label>
            <button type="submit" className={buttonPrimary} disabled={sending}>
              Confirmar reembolso
            </button>
          </form>
        )}
        <p role="status" className="mt-2 font-semibold">
          {message}
        </p>
        <Failure text={failure} />
      </td>
    </tr>
  );
}
