import { useState } from 'react';
import { formatInteger } from '#shared/money.ts';
import type { AdminDelivery } from '#shared/schemas/deliveries.ts';
import { ApiError } from '#web/lib/api.ts';
import { deliveryAction, refillOrder } from '../admin-api';

const small =
  'rounded-full border border-fuchsia-700 px-3 py-1 text-sm font-semibold text-fuchsia-800 hover:bg-fuchsia-50';

/**
 * What the operator can do with a delivery that needs a person (issue 11). Resending one 'a conferir' may
 * buy it twice, so it asks first; linking the id found at the panel is the safe answer.
 */
export function DeliveryActions({ delivery, onChanged }: { delivery: AdminDelivery; onChanged: () => void }) {
  const [panelOrderId, setPanelOrderId] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const act = async (body: Record<string, unknown>, confirmText?: string) => {
    if (confirmText && !window.confirm(confirmText)) return;
    setFailure(null);
    try {
      await deliveryAction(delivery.id, body);
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : 'Não foi possível concluir a ação.');
    }
    onChanged();
  };
  const canLink = delivery.state === 'unknown' || delivery.state === 'manual';
  const canResend =
    delivery.state === 'unknown' || delivery.state === 'refused' || delivery.state === 'manual';
  const canComplete = ['manual', 'unknown', 'refused', 'partial', 'invalid_link'].includes(delivery.state);
  return (
    <div className="mt-2 flex flex-wrap items-end gap-2">
      {canLink && (
        <form
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void act({ action: 'link_panel_order', panelOrderId });
          }}
        >
          <label className="text-sm">
            <span className="block font-semibold">Nº do pedido no fornecedor</span>
            <input
              className="w-36 rounded-md border border-slate-400 px-2 py-1"
              value={panelOrderId}
              onChange={(e) => setPanelOrderId(e.target.value)}
              inputMode="numeric"
            />
          </label>
          <button type="submit" className={small}>
            Vincular
          </button>
        </form>
      )}
      {canResend && (
        <button
          type="button"
          className={small}
          onClick={() =>
            void act(
              { action: 'resend' },
              delivery.state === 'unknown'
                ? 'Confirme no painel do fornecedor que este pedido NÃO existe: reenviar pode comprar duas vezes. Reenviar?'
                : undefined,
            )
          }
        >
          Reenviar
        </button>
      )}
      {delivery.state === 'partial' && (delivery.remains ?? 0) > 0 && (
        <button type="button" className={small} onClick={() => void act({ action: 'resend_remainder' })}>
          Reenviar o restante ({formatInteger(delivery.remains!)})
        </button>
      )}
      {delivery.state === 'partial' && (
        <button
          type="button"
          className={small}
          onClick={() =>
            void refillOrder(delivery.orderId)
              .catch((error: unknown) =>
                setFailure(error instanceof ApiError ? error.message : 'Não foi possível pedir a reposição.'),
              )
              .then(onChanged)
          }
        >
          Pedir reposição
        </button>
      )}
      {canComplete && (
        <button
          type="button"
          className={small}
          onClick={() => void act({ action: 'mark_delivered' }, 'Dar esta entrega como concluída?')}
        >
          {delivery.task ? 'Feito' : 'Marcar como entregue'}
        </button>
      )}
      {failure && (
        <p role="alert" className="w-full text-sm font-semibold text-red-800">
          {failure}
        </p>
      )}
    </div>
  );
}
