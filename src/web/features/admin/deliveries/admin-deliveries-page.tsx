import { AdminShell } from '../admin-shell';
import { AdminFulfilment } from './admin-fulfilment';
import { AdminSupplier } from './admin-supplier';

/**
 * /admin/entregas (docs/fulfilment.md): the deliveries a person must decide, with their actions, and the
 * supplier's balance and services.
 */
export function AdminDeliveriesPage() {
  return (
    <AdminShell title="Entregas">
      <AdminFulfilment />
      <section aria-labelledby="fornecedor" className="mt-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
        <h2 id="fornecedor" className="text-lg font-bold text-slate-900">
          Fornecedor e saldo
        </h2>
        <AdminSupplier />
      </section>
    </AdminShell>
  );
}
