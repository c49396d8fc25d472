import { formatBRL } from '#shared/money.ts';
import type { AdminFunnel, AdminMetrics } from '#shared/schemas/admin.ts';

export function MetricCards({ metrics }: { metrics: AdminMetrics }) {
  const cards: Array<[string, string]> = [
    ['Pedidos', String(metrics.orders)],
    ['Receita (pagos)', formatBRL(metrics.revenueCents)],
    ['Valor pendente', formatBRL(metrics.pendingCents)],
    ['Ticket médio', formatBRL(metrics.averageTicketCents)],
    ['Pedidos PIX', String(metrics.pixCount)],
    ['Pedidos WhatsApp', String(metrics.whatsappCount)],
    ['Taxa de conversão', `${metrics.conversionRate.toLocaleString('pt-BR')}%`],
    ['Cancelados', String(metrics.cancelled)],
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map(([label, value]) => (
        <li key={label} className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
          <p className="text-sm text-slate-700">{label}</p>
          <p className="mt-1 text-2xl font-extrabold text-slate-900" data-testid={`metric-${label}`}>
            {value}
          </p>
        </li>
      ))}
    </ul>
  );
}

export function Funnel({ funnel }: { funnel: AdminFunnel }) {
  const rows: Array<[string, number, number]> = [
    ['Visitantes', funnel.visitantes, funnel.visitantes > 0 ? 100 : 0],
    ['Botão de compra', funnel.botaoCompra, funnel.percentages.botaoCompra],
    ['Checkout', funnel.checkout, funnel.percentages.checkout],
    ['Pedidos finalizados', funnel.pedidosFinalizados, funnel.percentages.pedidosFinalizados],
  ];
  return (
    <section aria-labelledby="funil" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <h2 id="funil" className="text-lg font-bold text-slate-900">
        Funil
      </h2>
      <ul className="mt-3 space-y-2">
        {rows.map(([label, count, pct]) => (
          <li key={label} className="grid grid-cols-[10rem_1fr_6rem] items-center gap-3 text-sm">
            <span className="text-slate-800">{label}</span>
            <span className="h-3 rounded-full bg-slate-100" aria-hidden="true">
              <span
                className="block h-3 rounded-full bg-fuchsia-700"
                style={{ width: `${Math.min(100, pct)}%` }}
              />
            </span>
            <span className="text-right font-semibold text-slate-900">
              {count} ({pct.toLocaleString('pt-BR')}%)
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm font-semibold text-slate-900">
        Conversão final: {funnel.conversaoFinal.toLocaleString('pt-BR')}%
      </p>
    </section>
  );
}
