import { useCallback } from 'react';
import { paths } from '#web/paths.ts';
import { adminOrders } from '../admin-api';
import { LoadFailed } from '../admin-load-failed';
import { AdminShell } from '../admin-shell';
import { AdminAbandoned } from './admin-abandoned';
import { AdminFilters } from './admin-filters';
import { AdminOrdersTable } from './admin-orders-table';
import { useAdminFilters } from './use-admin-filters';

/**
 * /admin/pedidos (docs/admin.md#the-panel): the orders for the filters in the URL, each with its edits and
 * actions, then the abandoned checkouts. Everything is checked again by the server.
 */
export function AdminOrdersPage() {
  const read = useCallback((query: string) => adminOrders(query), []);
  const { params, search, period, data, failed, load, setFilters, clear } = useAdminFilters(
    paths.adminOrders,
    read,
  );
  const page = Number(params.get('page') ?? '1');
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <AdminShell title="Pedidos">
      <AdminFilters params={params} period={period} search={search} setFilters={setFilters} clear={clear} />
      {failed && <LoadFailed retry={() => void load()} />}
      {!data && !failed && <p className="mt-6 text-slate-700">Carregando…</p>}
      {data && (
        <div className="mt-6">
          <AdminOrdersTable
            orders={data.orders}
            total={data.total}
            page={page}
            pages={pages}
            params={params}
            setFilters={setFilters}
            onChanged={() => void load()}
          />
        </div>
      )}
      <AdminAbandoned />
    </AdminShell>
  );
}
