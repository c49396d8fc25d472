import { useState, type FormEvent } from 'react';
import { orderStatuses, orderStatusLabels } from '#shared/orders.ts';
import { periodLabels, periods, type Period } from '#shared/schemas/admin.ts';
import { buttonPrimary, buttonSecondary, fieldInput, fieldLabel } from '#web/components/ui/styles.ts';

/** Search, status, period (with custom dates), the two resets and the CSV of what is filtered. */
export function AdminFilters({
  params,
  period,
  search,
  setFilters,
  clear,
}: {
  params: URLSearchParams;
  period: Period;
  search: string;
  setFilters: (patch: Record<string, string | null>) => void;
  clear: () => void;
}) {
  const [q, setQ] = useState(params.get('q') ?? '');
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ q: q.trim() || null });
  };
  return (
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
          clear();
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
  );
}
