import { formatDate } from '#shared/dates.ts';
import { formatBRL, formatInteger } from '#shared/money.ts';
import { orderStatusLabels, paymentMethodLabels, paymentStatusLabels } from '#shared/orders.ts';
import { productKind } from '#shared/pricing.ts';
import type { LookupOrder } from '#shared/schemas/lookup.ts';
import { Link } from '../../router/link';
import { serviceTitle, orderPath } from '../orders';

const badge = {
  paid: 'bg-green-100 text-green-900 ring-green-300',
  unpaid: 'bg-amber-100 text-amber-900 ring-amber-300',
  failed: 'bg-red-100 text-red-900 ring-red-300',
  refunded: 'bg-slate-100 text-slate-800 ring-slate-300',
};

/** Several matches (a monthly plan's months): the fields of docs/product.md#order-lookup. */
export function LookupResults({ orders }: { orders: LookupOrder[] }) {
  return (
    <ul className="mt-6 space-y-4">
      {orders.map((order) => (
        <li key={order.id} className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Link to={orderPath(order.id)} className="font-mono font-bold text-fuchsia-800 underline">
              #{order.id.slice(0, 8)}
            </Link>
            <span
              className={`rounded-full px-3 py-0.5 text-sm font-bold ring-1 ${badge[order.paymentStatus]}`}
            >
              {paymentStatusLabels[order.paymentStatus]}
            </span>
          </div>
          <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm text-slate-800 sm:grid-cols-2">
            <div>
              <dt className="inline font-semibold">Serviço: </dt>
              <dd className="inline">{serviceTitle(order)}</dd>
            </div>
            <div>
              <dt className="inline font-semibold">Perfil: </dt>
              <dd className="inline">@{order.instagram}</dd>
            </div>
            <div>
              <dt className="inline font-semibold">Status: </dt>
              <dd className="inline">{orderStatusLabels[order.status]}</dd>
            </div>
            <div>
              <dt className="inline font-semibold">Quantidade: </dt>
              <dd className="inline">{formatInteger(order.quantity)}</dd>
            </div>
            <div>
              <dt className="inline font-semibold">Valor: </dt>
              <dd className="inline">{formatBRL(order.totalCents)}</dd>
            </div>
            <div>
              <dt className="inline font-semibold">Data: </dt>
              <dd className="inline">{formatDate(new Date(order.createdAt))}</dd>
            </div>
            <div>
              <dt className="inline font-semibold">Pagamento: </dt>
              <dd className="inline">{paymentMethodLabels[order.paymentMethod]}</dd>
            </div>
            {order.addOns.map((addOn) => (
              <div key={addOn.product}>
                <dt className="inline font-semibold">Adicional: </dt>
                <dd className="inline">
                  {formatInteger(addOn.quantity)} {productKind(addOn.product).unitLabel} (
                  {formatBRL(addOn.priceCents)})
                </dd>
              </div>
            ))}
          </dl>
          {order.note && (
            <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
              Nota do suporte: {order.note}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
