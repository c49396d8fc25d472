import { useEffect, useState } from 'react';
import { formatBRL } from '#shared/money.ts';
import { formatPurchaseCode, orderStatusLabels } from '#shared/orders.ts';
import type { AdminMetrics, AdminOrder } from '#shared/schemas/admin.ts';
import { adminFiltered, paths } from '#web/paths.ts';
import { Link } from '#web/router/link.tsx';
import { adminDashboard, adminOrders } from '../admin-api';
import { Failure, failureText } from '../admin-failure';

const today = 'period=today';

/** Today's money (São Paulo day) and its newest orders, each a link to it in "Pedidos". */
export function AdminToday() {
  const [data, setData] = useState<{ metrics: AdminMetrics; orders: AdminOrder[]; total: number } | null>(
    null,
  );
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    Promise.all([adminDashboard(today), adminOrders(`${today}&pageSize=5`)])
      .then(([dashboard, list]) => setData({ metrics: dashboard.metrics, ...list }))
      .catch((error: unknown) => setFailure(failureText(error)));
  }, []);
  if (!data) return <Failure text={failure} />;
  const cards: Array<[string, string]> = [
    ['Pedidos hoje', String(data.metrics.orders)],
    ['Recebido hoje', formatBRL(data.metrics.revenueCents)],
    ['A receber', formatBRL(data.metrics.pendingCents)],
  ];
  return (
    <section aria-labelledby="hoje" className="mt-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id="hoje" className="text-lg font-bold text-slate-900">
        Hoje
      </h2>
      <ul className="mt-3 grid grid-cols-3 gap-2">
        {cards.map(([label, value]) => (
          <li key={label} className="rounded-xl bg-slate-50 p-3">
            <p className="text-xs text-slate-700 sm:text-sm">{label}</p>
            <p
              className="mt-1 text-lg font-extrabold text-slate-900 sm:text-2xl"
              data-testid={`today-${label}`}
            >
              {value}
            </p>
          </li>
        ))}
      </ul>
      <ul className="mt-3 divide-y divide-slate-200">
        {data.orders.map((order) => (
          <li key={order.id}>
            <Link
              to={adminFiltered(paths.adminOrders, `${today}&q=${order.purchaseCode}`)}
              className="flex min-h-11 flex-wrap items-center justify-between gap-x-3 py-2 text-sm hover:bg-slate-50"
            >
              <span className="font-semibold text-slate-900">
                @{order.instagram} · {formatPurchaseCode(order.purchaseCode)}
              </span>
              <span className="text-slate-700">
                {formatBRL(order.totalCents)} · {orderStatusLabels[order.status]}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {data.total > data.orders.length && (
        <Link
          to={adminFiltered(paths.adminOrders, today)}
          className="mt-2 inline-flex min-h-11 items-center font-semibold text-fuchsia-800 underline"
        >
          Ver os {data.total} pedidos de hoje
        </Link>
      )}
      {data.total === 0 && <p className="mt-2 text-slate-700">Nenhum pedido hoje ainda.</p>}
    </section>
  );
}
