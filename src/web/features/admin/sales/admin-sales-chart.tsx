import { formatBRL } from '#shared/money.ts';
import type { SalesChart as SalesChartData, SalesDay } from '#shared/schemas/admin.ts';

// 2:1: legible on a 390 px phone.
const width = 480;
const height = 240;
const pad = 8;
const dayLabel = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;
const sum = (days: SalesDay[], key: 'revenueCents' | 'paidOrders') => days.reduce((n, d) => n + d[key], 0);

/**
 * Revenue (bars) and paid orders (dots) per São Paulo day of the selected period, the previous period's
 * revenue as a faint line (issue 13). Inline SVG, hidden from screen readers, which read the same figures
 * in the table beside it.
 */
export function SalesChart({ sales }: { sales: SalesChartData }) {
  const { days, previous } = sales;
  if (days.length === 0) return null;
  const maxRevenue = Math.max(1, ...days.map((d) => d.revenueCents), ...previous.map((d) => d.revenueCents));
  const maxOrders = Math.max(1, ...days.map((d) => d.paidOrders));
  const step = (width - 2 * pad) / days.length;
  const y = (value: number, max: number) => height - pad - ((height - 2 * pad) * value) / max;
  const x = (i: number) => pad + step * i + step / 2;
  const previousLine = previous.map((d, i) => `${x(i)},${y(d.revenueCents, maxRevenue)}`).join(' ');
  const total = sum(days, 'revenueCents');
  const before = sum(previous, 'revenueCents');
  const change = before > 0 ? Math.round(((total - before) / before) * 100) : null;

  return (
    <section aria-labelledby="vendas-titulo" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <h2 id="vendas-titulo" className="text-lg font-bold text-slate-900">
        Vendas por dia
      </h2>
      <p className="text-sm text-slate-700">
        Receita {formatBRL(total)} · {sum(days, 'paidOrders')} pedidos pagos · período anterior{' '}
        {formatBRL(before)}
        {change !== null && ` (${change >= 0 ? '+' : ''}${change}%)`}
      </p>
      {/* At most 36rem wide (18rem tall): the day labels stay under the first and last bars. */}
      <div className="max-w-xl">
        <svg viewBox={`0 0 ${width} ${height}`} className="mt-3 h-auto w-full" aria-hidden="true">
          {days.map((d, i) => (
            <rect
              key={d.day}
              x={x(i) - (step * 0.7) / 2}
              width={step * 0.7}
              y={y(d.revenueCents, maxRevenue)}
              height={height - pad - y(d.revenueCents, maxRevenue)}
              className="fill-fuchsia-700"
            />
          ))}
          <polyline
            points={previousLine}
            fill="none"
            className="stroke-slate-400"
            strokeWidth="2"
            opacity="0.6"
          />
          {days.map((d, i) => (
            <circle key={d.day} cx={x(i)} cy={y(d.paidOrders, maxOrders)} r="3" className="fill-amber-500" />
          ))}
        </svg>
        <p className="mt-1 flex justify-between text-xs text-slate-700" aria-hidden="true">
          <span>{dayLabel(days[0]!.day)}</span>
          <span>{dayLabel(days.at(-1)!.day)}</span>
        </p>
      </div>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-hidden="true">
        <li className="flex items-center gap-1">
          <span className="inline-block h-3 w-3 bg-fuchsia-700" /> receita
        </li>
        <li className="flex items-center gap-1">
          <span className="inline-block h-3 w-3 rounded-full bg-amber-500" /> pedidos pagos
        </li>
        <li className="flex items-center gap-1">
          <span className="inline-block h-0.5 w-4 bg-slate-400" /> período anterior
        </li>
      </ul>
      {/* sr-only on the table itself still lays out its full width: the page scrolled sideways on a phone. */}
      <div className="sr-only">
        <table>
          <caption>
            Vendas por dia do período, com a receita do dia correspondente do período anterior
          </caption>
          <thead>
            <tr>
              <th scope="col">Dia</th>
              <th scope="col">Receita</th>
              <th scope="col">Pedidos pagos</th>
              <th scope="col">Receita no período anterior</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d, i) => (
              <tr key={d.day}>
                <th scope="row">{dayLabel(d.day)}</th>
                <td>{formatBRL(d.revenueCents)}</td>
                <td>{d.paidOrders}</td>
                <td>{formatBRL(previous[i]?.revenueCents ?? 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
