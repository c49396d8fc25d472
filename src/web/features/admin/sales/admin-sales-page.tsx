import { useCallback } from 'react';
import { periodLabels } from '#shared/schemas/admin.ts';
import { paths } from '#web/paths.ts';
import { adminDashboard } from '../admin-api';
import { LoadFailed } from '../admin-load-failed';
import { AdminShell } from '../admin-shell';
import { AdminFilters, useAdminFilters } from '../orders';
import { Funnel, MetricCards } from './admin-metrics';
import { SalesChart } from './admin-sales-chart';

/** /admin/vendas: the period's numbers (cards, funnel, "Vendas por dia") for the filters in the URL. */
export function AdminSalesPage() {
  const read = useCallback((query: string) => adminDashboard(query), []);
  const { params, search, period, data, failed, load, setFilters, clear } = useAdminFilters(
    paths.adminSales,
    read,
  );
  return (
    <AdminShell title="Vendas">
      <p className="mt-1 text-sm text-slate-700" data-testid="period-label">
        Período: {periodLabels[period] ?? periodLabels.month}
        {period === 'custom' && ` (${params.get('from') ?? '…'} a ${params.get('to') ?? '…'})`}
      </p>
      <AdminFilters params={params} period={period} search={search} setFilters={setFilters} clear={clear} />
      {failed && <LoadFailed retry={() => void load()} />}
      {!data && !failed && <p className="mt-6 text-slate-700">Carregando…</p>}
      {data && (
        <div className="mt-6 space-y-6">
          <MetricCards metrics={data.metrics} />
          <SalesChart sales={data.sales} />
          <Funnel funnel={data.funnel} />
        </div>
      )}
    </AdminShell>
  );
}
