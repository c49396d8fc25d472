import { useState } from 'react';
import { formatDateTime } from '#shared/dates.ts';
import { formatInteger } from '#shared/money.ts';
import { productKind } from '#shared/pricing.ts';
import {
  buyerDeliveryLabels,
  refillStatusLabels,
  type DeliveryView,
  type FulfilmentView,
} from '#shared/schemas/deliveries.ts';
import { buttonSecondary } from '../../components/ui/styles';
import { ApiError } from '../../lib/api';
import { planMonthLines } from '#shared/plan-month.ts';
import { PlanMonthList } from './plan-month-list';
import { DeliveryLinkForm } from './delivery-link-form';
import { asksForCode } from './order-access';
import { orderWrites } from './orders-api';
import { usePurchaseCode } from './purchase-code';

const unitsOf = (d: DeliveryView, quantity = d.quantity) =>
  `${formatInteger(quantity)} ${productKind(d.product).unitLabel}`;

function DeliveryLine({
  orderId,
  delivery,
  onChanged,
}: {
  orderId: string;
  delivery: DeliveryView;
  onChanged: () => void;
}) {
  const showProgress =
    delivery.delivered !== null && (delivery.state === 'in_progress' || delivery.state === 'partial');
  return (
    <li className="px-5 py-3" data-testid={`delivery-${delivery.product}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold text-slate-900">{unitsOf(delivery)}</span>
        <span className="text-slate-800">{buyerDeliveryLabels[delivery.state]}</span>
      </div>
      {showProgress && (
        <p className="text-sm text-slate-700">
          {formatInteger(delivery.delivered!)} de {formatInteger(delivery.quantity)} entregues
        </p>
      )}
      {delivery.refillStatus && (
        <p className="text-sm text-slate-700">
          {refillStatusLabels[delivery.refillStatus] ?? delivery.refillStatus}
        </p>
      )}
      {delivery.state === 'invalid_link' && (
        <DeliveryLinkForm orderId={orderId} delivery={delivery} onSaved={onChanged} />
      )}
    </li>
  );
}

function RefillAction({
  orderId,
  refill,
  onChanged,
}: {
  orderId: string;
  refill: FulfilmentView['refill'];
  onChanged: () => void;
}) {
  const [message, setMessage] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const proof = usePurchaseCode(orderId, 'reposicao-codigo');
  if (!refill.available && !refill.nextAt && !message) return null;
  const ask = async () => {
    setSending(true);
    setMessage(null);
    try {
      await proof.post(orderWrites.refill(orderId), {});
      setMessage('Reposição solicitada. Acompanhe o andamento aqui.');
    } catch (failure) {
      if (asksForCode(failure)) return; // shown under the code field
      setMessage(failure instanceof ApiError ? failure.message : 'Não foi possível pedir a reposição agora.');
    } finally {
      setSending(false);
      onChanged();
    }
  };
  return (
    <div className="border-t border-slate-200 px-5 py-4">
      {refill.available && proof.field}
      {refill.available && (
        <button
          type="button"
          className={`${buttonSecondary} mt-3`}
          onClick={() => void ask()}
          disabled={sending}
        >
          Solicitar reposição
        </button>
      )}
      {!refill.available && refill.nextAt && (
        <p className="text-sm text-slate-700">
          Nova reposição disponível a partir de {formatDateTime(new Date(refill.nextAt))}.
        </p>
      )}
      <p role="status" className="mt-2 text-sm font-medium text-slate-800">
        {message}
      </p>
    </div>
  );
}

/** The order's deliveries on /order/{id} (issue 11): status, progress, link correction and refill. */
export function OrderDelivery({
  orderId,
  plan,
  fulfilment,
  onChanged,
}: {
  orderId: string;
  plan: boolean;
  fulfilment: FulfilmentView | undefined;
  onChanged: () => void;
}) {
  if (!fulfilment || fulfilment.deliveries.length === 0) return null;
  if (plan)
    return (
      <section aria-labelledby="entrega" className="mt-8">
        <h2 id="entrega" className="text-xl font-bold text-slate-900">
          Seu plano neste mês
        </h2>
        <div className="mt-3 rounded-2xl bg-white ring-1 ring-slate-200">
          <PlanMonthList lines={planMonthLines(fulfilment.deliveries, new Date())} />
          <ul className="divide-y divide-slate-200">
            {fulfilment.deliveries
              .filter((d) => d.state === 'invalid_link')
              .map((d) => (
                <DeliveryLine key={d.id} orderId={orderId} delivery={d} onChanged={onChanged} />
              ))}
          </ul>
        </div>
      </section>
    );
  // A plan's later days are summed up, not listed one by one.
  const now = Date.now();
  const due = fulfilment.deliveries.filter((d) => Date.parse(d.dueAt) <= now);
  const later = fulfilment.deliveries.length - due.length;
  return (
    <section aria-labelledby="entrega" className="mt-8">
      <h2 id="entrega" className="text-xl font-bold text-slate-900">
        Entrega
      </h2>
      <div className="mt-3 rounded-2xl bg-white ring-1 ring-slate-200">
        <ul className="divide-y divide-slate-200">
          {due.map((d) => (
            <DeliveryLine key={d.id} orderId={orderId} delivery={d} onChanged={onChanged} />
          ))}
        </ul>
        {later > 0 && (
          <p className="border-t border-slate-200 px-5 py-3 text-sm text-slate-700">
            Mais {later} entregas programadas, uma por dia.
          </p>
        )}
        <RefillAction orderId={orderId} refill={fulfilment.refill} onChanged={onChanged} />
      </div>
    </section>
  );
}
