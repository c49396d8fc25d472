import { formatDateTime } from '#shared/dates.ts';
import { formatInteger } from '#shared/money.ts';
import { formatPurchaseCode } from '#shared/orders.ts';
import { componentLine } from '#shared/plan-components.ts';
import { productKind } from '#shared/pricing.ts';
import {
  operatorDeliveryLabels,
  refillStatusLabels,
  type AdminDelivery,
} from '#shared/schemas/deliveries.ts';
import { DeliveryActions } from './admin-delivery-actions';

/** One delivery as the operator sees it: panel id, status, start count, remains, cost, last error. */
export function AdminDeliveryItem({
  delivery,
  onChanged,
}: {
  delivery: AdminDelivery;
  onChanged: () => void;
}) {
  const facts = [
    `Fornecedor: ${delivery.panelOrderId ?? '—'}`,
    delivery.startCount !== null ? `Início: ${formatInteger(delivery.startCount)}` : null,
    delivery.remains !== null ? `Restante: ${formatInteger(delivery.remains)}` : null,
    delivery.charge !== null ? `Custo: ${delivery.charge} ${delivery.currency ?? ''}` : null,
    delivery.submittedAt ? `Enviada: ${formatDateTime(new Date(delivery.submittedAt))}` : null,
  ].filter(Boolean);
  return (
    <li
      className="rounded-xl bg-white p-3 ring-1 ring-slate-200"
      data-testid={`admin-delivery-${delivery.id}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-slate-900">
          {delivery.purchaseCode && (
            <span className="font-mono">{formatPurchaseCode(delivery.purchaseCode)} · </span>
          )}
          {delivery.component
            ? componentLine({ id: delivery.component, quantity: delivery.quantity })
            : `${formatInteger(delivery.quantity)} ${productKind(delivery.product).unitLabel}`}
        </p>
        <p className="text-sm font-bold text-slate-900">{operatorDeliveryLabels[delivery.state]}</p>
      </div>
      <p className="break-all text-sm">
        {delivery.link ? (
          <a className="underline" href={delivery.link} target="_blank" rel="noopener noreferrer">
            {delivery.link}
          </a>
        ) : (
          'Sem link: o comprador ainda não informou.'
        )}
      </p>
      {delivery.task && <p className="text-sm font-semibold text-slate-900">{delivery.task}</p>}
      {delivery.state === 'invalid_link' && (
        <p className="text-sm text-slate-800">Aguardando o comprador corrigir o link na página do pedido.</p>
      )}
      <p className="text-xs text-slate-700">{facts.join(' · ')}</p>
      {delivery.refillStatus && (
        <p className="text-xs text-slate-700">
          {refillStatusLabels[delivery.refillStatus] ?? delivery.refillStatus}
        </p>
      )}
      {delivery.lastError && <p className="text-sm text-red-800">{delivery.lastError}</p>}
      <DeliveryActions delivery={delivery} onChanged={onChanged} />
    </li>
  );
}
