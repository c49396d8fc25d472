import { useCallback, useEffect, useState } from 'react';
import { invoiceStateLabels, invoiceStates } from '#shared/invoice-labels.ts';
import { oneOf } from '#shared/one-of.ts';
import { periodLabels, periods, type Period } from '#shared/schemas/admin.ts';
import { buttonSecondary } from '#web/components/ui/styles.ts';
import { SelectInput, TypedInput } from '../admin-choice-fields';
import { ApiError } from '#web/lib/api.ts';
import { adminInvoices, type InvoicePage } from './admin-invoices-api';
import { AdminInvoiceRow } from './admin-invoice-row';

// "Data" is the invoice's date (what the period filters); "Emitida em" the moment the city hall's
// authorisation was recorded, in São Paulo time.
const columns = [
  'Data',
  'Emitida em',
  'Pedido',
  'Comprador',
  'Valor',
  'Situação',
  'Número',
  'Arquivos',
  'Ação',
];

/** "Notas fiscais": by status and by period (São Paulo days), page by page, and the accountant's CSV. */
export function AdminInvoiceList() {
  const [filters, setFilters] = useState({ status: '', period: 'month' as Period, from: '', to: '' });
  const [page, setPage] = useState(1);
  const [data, setData] = useState<InvoicePage | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const query = new URLSearchParams(
    Object.entries({ ...filters, ...(filters.period === 'custom' ? {} : { from: '', to: '' }) }).filter(
      ([, value]) => value !== '',
    ),
  ).toString();
  const load = useCallback(async () => {
    setFailure(null);
    try {
      setData(await adminInvoices(query, page));
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : 'Não foi possível carregar as notas.');
    }
  }, [query, page]);
  useEffect(() => void load(), [load]);
  const change = (patch: Partial<typeof filters>) => {
    setFilters({ ...filters, ...patch });
    setPage(1);
  };
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <section aria-labelledby="notas-fiscais" className="mt-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id="notas-fiscais" className="text-lg font-bold text-slate-900">
        Notas fiscais
      </h2>
      <div className="mt-2 flex flex-wrap items-end gap-3">
        <SelectInput
          id="notas-situacao"
          label="Situação"
          value={filters.status}
          onChange={(status) => change({ status })}
          choices={[
            { value: '', label: 'Todas' },
            ...invoiceStates.map((s) => ({ value: s, label: invoiceStateLabels[s] })),
          ]}
        />
        <SelectInput
          id="notas-periodo"
          label="Período"
          value={filters.period}
          onChange={(value) => {
            const period = oneOf(periods, value);
            if (period) change({ period });
          }}
          choices={periods.map((p) => ({ value: p, label: periodLabels[p] }))}
        />
        {filters.period === 'custom' && (
          <>
            <TypedInput
              type="date"
              id="notas-de"
              label="De"
              value={filters.from}
              onChange={(from) => change({ from })}
            />
            <TypedInput
              type="date"
              id="notas-ate"
              label="Até"
              value={filters.to}
              onChange={(to) => change({ to })}
            />
          </>
        )}
        <a className={buttonSecondary} href={`/api/admin/invoices.csv?${query}`} download>
          Exportar CSV
        </a>
      </div>
      {failure && (
        <p role="alert" className="mt-3 text-sm font-semibold text-red-800">
          {failure}
        </p>
      )}
      {data && data.invoices.length === 0 && (
        <p className="mt-3 text-slate-700">Nenhuma nota neste filtro.</p>
      )}
      {data && data.invoices.length > 0 && (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm text-slate-900">
            <thead className="bg-slate-50 text-xs uppercase text-slate-700">
              <tr>
                {columns.map((h) => (
                  <th key={h} scope="col" className="px-3 py-2">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.invoices.map((invoice) => (
                <AdminInvoiceRow key={invoice.id} invoice={invoice} onChanged={() => void load()} />
              ))}
            </tbody>
          </table>
          <p className="mt-2 flex items-center gap-3 text-sm text-slate-700">
            {data.total} nota(s) · página {page} de {pages}
            {page > 1 && (
              <button type="button" className="min-h-11 underline" onClick={() => setPage(page - 1)}>
                Anterior
              </button>
            )}
            {page < pages && (
              <button type="button" className="min-h-11 underline" onClick={() => setPage(page + 1)}>
                Próxima
              </button>
            )}
          </p>
        </div>
      )}
    </section>
  );
}
