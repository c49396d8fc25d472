import type { AdminOrder } from '#shared/schemas/admin.ts';
import { AdminOrderRow } from './admin-order-row';

const columns = [
  ['Id', null],
  ['Cliente', null],
  ['Serviço', null],
  ['Status', 'status'],
  ['Total', 'total_cents'],
  ['Canal', null],
  ['Data', 'created_at'],
  ['Observação', null],
  ['Ações', null],
] as const;

/** The page of orders with server-side sorting (the choice lives in the URL) and the pager. */
export function AdminOrdersTable({
  orders,
  total,
  page,
  pages,
  params,
  setFilters,
  onChanged,
}: {
  orders: AdminOrder[];
  total: number;
  page: number;
  pages: number;
  params: URLSearchParams;
  setFilters: (patch: Record<string, string | null>) => void;
  onChanged: () => void;
}) {
  // Sorting runs on the server (the shop may have a million orders).
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
    <section aria-labelledby="pedidos">
      <h2 id="pedidos" className="text-lg font-bold text-slate-900">
        Pedidos ({total})
      </h2>
      {orders.length === 0 ? (
        <p className="mt-3 text-slate-700">Nenhum pedido encontrado</p>
      ) : (
        <div className="mt-3 overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200">
          <table aria-label="Pedidos" className="w-full text-left text-sm max-md:block">
            <thead className="bg-slate-100 text-slate-800 max-md:block">
              {/* On a phone each order is a card; the header keeps only its sorting buttons. */}
              <tr className="max-md:flex max-md:flex-wrap max-md:gap-x-3 max-md:px-3">
                {columns.map(([label, key]) => (
                  <th
                    key={label}
                    scope="col"
                    className={`px-2 py-2 ${key ? '' : 'max-md:hidden'}`}
                    aria-sort={sortState(key)}
                  >
                    {key ? (
                      <button
                        type="button"
                        className="min-h-11 font-semibold underline"
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
            <tbody className="max-md:block">
              {orders.map((order) => (
                <AdminOrderRow key={order.id} order={order} onChanged={onChanged} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Páginas" className="mt-3 flex items-center gap-3 text-sm">
        <button
          type="button"
          className="min-h-11 underline disabled:opacity-50"
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
          className="min-h-11 underline disabled:opacity-50"
          disabled={page >= pages}
          onClick={() => setFilters({ page: String(page + 1) })}
        >
          Próxima
        </button>
      </nav>
    </section>
  );
}
