import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { messages } from '../../../shared/messages';
import { orderStatuses, orderStatusLabels } from '../../../shared/orders';
import {
  periodLabels,
  periods,
  type AdminFunnel,
  type AdminMetrics,
  type AdminOrder,
  type Period,
} from '../../../shared/schemas/admin';
import { buttonPrimary, buttonSecondary, fieldInput, fieldLabel } from '../../components/ui/styles';
import { ApiError, api } from '../../lib/api';
import { useNavigate, useSearchParams } from '../../router/router';
import { AdminDeadJobs } from './admin-dead-jobs';
import { Funnel, MetricCards } from './admin-metrics';
import { AdminOrderRow } from './admin-order-row';

interface PanelData {
  metrics: AdminMetrics;
  funnel: AdminFunnel;
  orders: AdminOrder[];
  total: number;
  pageSize: number;
}

/** /admin (spec §2 'Admin panel'): filters live in the URL; everything is checked again by the server. */
export function AdminPage() {
  const navigate = useNavigate();
  const params = useSearchParams();
  const search = params.toString();
  const period = (params.get('period') ?? 'month') as Period;
  const page = Number(params.get('page') ?? '1');
  const [data, setData] = useState<PanelData | null>(null);
  const [failed, setFailed] = useState(false);
  const [q, setQ] = useState(params.get('q') ?? '');

  // Edits reload the panel; only the newest answer is shown (an older one may arrive last).
  const latestLoad = useRef(0);
  const load = useCallback(async () => {
    const loadId = ++latestLoad.current;
    setFailed(false);
    try {
      const [dashboard, list] = await Promise.all([
        api.get<{ metrics: AdminMetrics; funnel: AdminFunnel }>(`/api/admin/dashboard?${search}`),
        api.get<{ orders: AdminOrder[]; total: number; pageSize: number }>(`/api/admin/orders?${search}`),
      ]);
      if (loadId === latestLoad.current) setData({ ...dashboard, ...list });
    } catch (error) {
      if (loadId !== latestLoad.current) return;
      if (error instanceof ApiError && error.status === 401) navigate('/admin/login', { replace: true });
      else if (error instanceof ApiError && error.status === 403) {
        window.alert(messages.admin_not_allowed);
        navigate('/', { replace: true });
      } else setFailed(true);
    }
  }, [search, navigate]);

  useEffect(() => {
    void load();
  }, [load]);

  const setFilters = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in patch)) next.delete('page');
    navigate(`/admin?${next.toString()}`, { replace: true });
  };
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ q: q.trim() || null });
  };
  const signOut = async () => {
    await api.post('/api/admin/logout', {}).catch(() => undefined);
    navigate('/admin/login');
  };
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  // Sorting runs on the server (the shop may have a million orders); the choice lives in the URL.
  const sort = params.get('sort') ?? 'created_at';
  const dir = params.get('dir') ?? 'desc';
  const toggleSort = (key: string) =>
    setFilters({ sort: key, dir: sort === key && dir === 'desc' ? 'asc' : 'desc' });
  const sortState = (key: string | null) =>
    key === null || sort !== key
      ? undefined
      : dir === 'asc'
        ? ('ascending' as const)
        : ('descending' as const);

  return (
    <main id="conteudo" className="mx-auto max-w-7xl px-4 py-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold text-slate-900">Painel</h1>
          <p className="text-sm text-slate-700" data-testid="period-label">
            Período: {periodLabels[period] ?? periodLabels.month}
            {period === 'custom' && ` (${params.get('from') ?? '…'} a ${params.get('to') ?? '…'})`}
          </p>
        </div>
        <button type="button" onClick={signOut} className={buttonSecondary}>
          Sair
        </button>
      </header>
      <AdminDeadJobs />

      <section
        aria-label="Filtros"
        className="mt-4 flex flex-wrap items-end gap-3 rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200"
      >
        <form onSubmit={submitSearch} className="flex items-end gap-2">
          <div>
            <label htmlFor="admin-q" className={fieldLabel}>
              Buscar
            </label>
            <input
              id="admin-q"
              className={fieldInput}
              value={q}
              onChange={(e) => setQ(e.target.value)}
              placeholder="@, nome, e-mail, código, id"
            />
          </div>
          <button type="submit" className={buttonPrimary}>
            Buscar
          </button>
        </form>
        <div>
          <label htmlFor="admin-status" className={fieldLabel}>
            Status
          </label>
          <select
            id="admin-status"
            className={fieldInput}
            value={params.get('status') ?? ''}
            onChange={(e) => setFilters({ status: e.target.value || null })}
          >
            <option value="">Todos</option>
            {orderStatuses.map((s) => (
              <option key={s} value={s}>
                {orderStatusLabels[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="admin-period" className={fieldLabel}>
            Período
          </label>
          <select
            id="admin-period"
            className={fieldInput}
            value={period}
            onChange={(e) => setFilters({ period: e.target.value })}
          >
            {periods.map((p) => (
              <option key={p} value={p}>
                {periodLabels[p]}
              </option>
            ))}
          </select>
        </div>
        {period === 'custom' && (
          <>
            <div>
              <label htmlFor="admin-from" className={fieldLabel}>
                De
              </label>
              <input
                id="admin-from"
                type="date"
                className={fieldInput}
                value={params.get('from') ?? ''}
                onChange={(e) => setFilters({ from: e.target.value || null })}
              />
            </div>
            <div>
              <label htmlFor="admin-to" className={fieldLabel}>
                Até
              </label>
              <input
                id="admin-to"
                type="date"
                className={fieldInput}
                value={params.get('to') ?? ''}
                onChange={(e) => setFilters({ to: e.target.value || null })}
              />
            </div>
          </>
        )}
        <button
          type="button"
          className={buttonSecondary}
          onClick={() => {
            setQ('');
            navigate(`/admin?period=${period}`, { replace: true });
          }}
        >
          Limpar Filtros
        </button>
        <button
          type="button"
          className={buttonSecondary}
          onClick={() => setFilters({ period: 'month', from: null, to: null })}
        >
          Voltar ao Mês Atual
        </button>
        <a className={buttonSecondary} href={`/api/admin/orders.csv?${search}`} download>
          Exportar CSV
        </a>
      </section>

      {failed && (
        <div role="alert" className="mt-6 rounded-2xl bg-red-50 p-5 text-red-900 ring-1 ring-red-200">
          <p>{messages.admin_load_failed}</p>
          <button type="button" className={`${buttonSecondary} mt-3`} onClick={() => void load()}>
            Tentar novamente
          </button>
        </div>
      )}
      {!data && !failed && <p className="mt-6 text-slate-700">Carregando…</p>}
      {data && (
        <div className="mt-6 space-y-6">
          <MetricCards metrics={data.metrics} />
          <Funnel funnel={data.funnel} />
          <section aria-labelledby="pedidos">
            <h2 id="pedidos" className="text-lg font-bold text-slate-900">
              Pedidos ({data.total})
            </h2>
            {data.orders.length === 0 ? (
              <p className="mt-3 text-slate-700">Nenhum pedido encontrado</p>
            ) : (
              <div className="mt-3 overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200">
                <table className="w-full text-left text-sm">
                  <thead className="bg-slate-100 text-slate-800">
                    <tr>
                      {(
                        [
                          ['Id', null],
                          ['Cliente', null],
                          ['Serviço', null],
                          ['Status', 'status'],
                          ['Total', 'total_cents'],
                          ['Canal', null],
                          ['Data', 'created_at'],
                          ['Observação', null],
                          ['Ações', null],
                        ] as const
                      ).map(([label, key]) => (
                        <th key={label} scope="col" className="px-2 py-2" aria-sort={sortState(key)}>
                          {key ? (
                            <button
                              type="button"
                              className="font-semibold underline"
                              onClick={() => toggleSort(key)}
                            >
                              {label}
                              {sort === key ? (dir === 'asc' ? ' ▲' : ' ▼') : ''}
                            </button>
                          ) : (
                            label
                          )}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {data.orders.map((order) => (
                      <AdminOrderRow key={order.id} order={order} onChanged={() => void load()} />
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <nav aria-label="Páginas" className="mt-3 flex items-center gap-3 text-sm">
              <button
                type="button"
                className="underline disabled:opacity-50"
                disabled={page <= 1}
                onClick={() => setFilters({ page: String(page - 1) })}
              >
                Anterior
              </button>
              <span>
                Página {page} de {pages}
              </span>
              <button
                type="button"
                className="underline disabled:opacity-50"
                disabled={page >= pages}
                onClick={() => setFilters({ page: String(page + 1) })}
              >
                Próxima
              </button>
            </nav>
          </section>
        </div>
      )}
    </main>
  );
}
