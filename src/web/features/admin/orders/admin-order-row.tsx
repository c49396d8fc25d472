import { useEffect, useState } from 'react';
import { formatDateTime } from '#shared/dates.ts';
import { messages } from '#shared/messages.ts';
import { oneOf } from '#shared/one-of.ts';
import { planEndLabels, planStatusLabels } from '#shared/plan-status.ts';
import {
  formatPurchaseCode,
  orderStatuses,
  orderStatusLabels,
  paymentStatuses,
  paymentFlagLabels,
  paymentStatusLabels,
} from '#shared/orders.ts';
import type { AdminOrder } from '#shared/schemas/admin.ts';
import { useShop } from '#web/lib/boot.tsx';
import { cancelSubscription, simulatePayment, updateOrder } from '../admin-api';
import { useOrderHistory } from './use-order-history';
import { AuditRow, CopyIdButton } from './admin-row-parts';
import { BuyerCell, ItemCell, TotalCell } from './admin-order-cells';
import { AdminDeliveriesRow } from '../deliveries';
import { failureText } from '../admin-failure';
import { AdminRefundRow } from './admin-refund-row';
import { AdminWhatsappCharge } from './admin-whatsapp-charge';

const select = 'rounded-md border border-slate-400 bg-white px-2 py-1 text-sm max-md:min-h-11 max-md:w-full';

/** One order of the panel's list: every column of docs/product.md#admin-panel, edits saved one by one. */
/** Marking "Pago" by hand sends real orders to the supplier's panel: the operator confirms it first. */
const confirmPaidByHand =
  'Marcar como pago libera a entrega: o pedido vai para o fornecedor e o cliente recebe o e-mail de pagamento confirmado. Confirmar?';

export function AdminOrderRow({ order, onChanged }: { order: AdminOrder; onChanged: () => void }) {
  const { sandbox } = useShop();
  const [note, setNote] = useState(order.note ?? '');
  // The row stays mounted across reloads (its history stays open); the saved note replaces the draft.
  useEffect(() => setNote(order.note ?? ''), [order.note]);
  const history = useOrderHistory(order.id);
  const changed = () => {
    onChanged();
    history.refresh();
  };
  const [open, setOpen] = useState<'deliveries' | 'refund' | null>(null);
  const toggle = (part: 'deliveries' | 'refund') => setOpen(open === part ? null : part);

  // A refusal says why as the server says it (the order was paid while being cancelled, say).
  const alertFailure = (fallback?: string) => (error: unknown) => window.alert(failureText(error, fallback));
  const patch = async (body: Parameters<typeof updateOrder>[1], failure: string) => {
    await updateOrder(order.id, body).catch(alertFailure(failure));
    changed();
  };
  const setPaymentStatus = (value: string) => {
    const paymentStatus = oneOf(paymentStatuses, value);
    if (!paymentStatus || (paymentStatus === 'paid' && !window.confirm(confirmPaidByHand))) return;
    void patch({ paymentStatus }, messages.admin_payment_status_failed);
  };
  const simulate = async () => {
    await simulatePayment(order.id).catch(alertFailure(messages.pix_error));
    changed();
  };
  const cancelPlan = async () => {
    if (!order.subscriptionId || !window.confirm('Cancelar a assinatura deste plano?')) return;
    await cancelSubscription(order.subscriptionId).catch(alertFailure());
    changed();
  };

  return (
    <>
      <tr
        className="border-b border-slate-200 align-top max-md:block max-md:px-3 max-md:py-2"
        data-testid={`order-${order.id}`}
      >
        <td className="py-2 pr-2 max-md:block max-md:py-1 font-mono">
          <CopyIdButton id={order.id} />
          <div className="text-xs text-slate-600">{formatPurchaseCode(order.purchaseCode)}</div>
        </td>
        <BuyerCell order={order} />
        <ItemCell order={order} />
        <td className="py-2 pr-2 max-md:block max-md:py-1">
          <label className="sr-only" htmlFor={`status-${order.id}`}>
            Status do pedido
          </label>
          <select
            id={`status-${order.id}`}
            className={select}
            value={order.status}
            onChange={(e) => {
              const status = oneOf(orderStatuses, e.target.value);
              if (status) void patch({ status }, messages.admin_status_failed);
            }}
          >
            {orderStatuses.map((s) => (
              <option key={s} value={s}>
                {orderStatusLabels[s]}
              </option>
            ))}
          </select>
          <label className="sr-only" htmlFor={`payment-${order.id}`}>
            Status do pagamento
          </label>
          <select
            id={`payment-${order.id}`}
            className={`${select} mt-1`}
            value={order.paymentStatus}
            onChange={(e) => setPaymentStatus(e.target.value)}
          >
            {paymentStatuses.map((s) => (
              <option key={s} value={s} disabled={s === 'refunded' && order.paymentStatus !== 'refunded'}>
                {paymentStatusLabels[s]}
              </option>
            ))}
          </select>
          {order.paymentFlag && (
            <div className="mt-1 text-xs font-bold text-red-800">
              {paymentFlagLabels[order.paymentFlag] ?? order.paymentFlag}
            </div>
          )}
        </td>
        <TotalCell order={order} />
        <td className="py-2 pr-2 max-md:block max-md:py-1">
          {order.paymentMethod === 'whatsapp' ? 'WhatsApp' : 'PIX/Cartão'}
        </td>
        <td className="py-2 pr-2 max-md:block max-md:py-1 whitespace-nowrap">
          {formatDateTime(new Date(order.createdAt))}
        </td>
        <td className="py-2 pr-2 max-md:block max-md:py-1">
          <label className="sr-only" htmlFor={`note-${order.id}`}>
            Observação
          </label>
          <textarea
            id={`note-${order.id}`}
            placeholder="Observação"
            rows={2}
            className="w-full rounded-md md:w-40 border border-slate-400 p-1 text-sm"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            onBlur={() => {
              if (note.trim() !== (order.note ?? '')) void patch({ note }, messages.admin_note_failed);
            }}
          />
        </td>
        <td className="py-2 text-sm max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-4">
          <button type="button" className="underline max-md:min-h-11" onClick={history.toggle}>
            {history.entries ? 'Ocultar histórico' : 'Histórico'}
          </button>
          <button
            type="button"
            className="mt-1 block underline max-md:min-h-11"
            onClick={() => toggle('deliveries')}
          >
            {open === 'deliveries' ? 'Ocultar entregas' : 'Entregas'}
          </button>
          {order.paymentStatus !== 'unpaid' && (
            <button
              type="button"
              className="mt-1 block underline max-md:min-h-11"
              onClick={() => toggle('refund')}
            >
              {open === 'refund' ? 'Ocultar reembolso' : 'Reembolsar'}
            </button>
          )}
          {sandbox && order.paymentStatus !== 'paid' && order.paymentMethod !== 'whatsapp' && (
            <button
              type="button"
              className="mt-1 block underline max-md:min-h-11"
              onClick={() => void simulate()}
            >
              Simular pagamento
            </button>
          )}
          <AdminWhatsappCharge order={order} onChanged={changed} />
          {order.plan && (
            <span className="mt-1 block text-xs text-slate-700" data-testid="admin-plan-status">
              Plano:{' '}
              {order.plan.status === 'cancelled' && order.plan.cancelReason
                ? planEndLabels[order.plan.cancelReason]
                : planStatusLabels[order.plan.status]}
            </span>
          )}
          {order.subscriptionId && order.plan?.status !== 'cancelled' && (
            <button
              type="button"
              className="mt-1 block underline max-md:min-h-11"
              onClick={() => void cancelPlan()}
            >
              Cancelar assinatura
            </button>
          )}
        </td>
      </tr>
      {history.entries && <AuditRow audit={history.entries} />}
      {open === 'deliveries' && <AdminDeliveriesRow order={order} onChanged={changed} />}
      {open === 'refund' && <AdminRefundRow order={order} onChanged={changed} />}
    </>
  );
}
