import { AdminShell } from '../admin-shell';
import { AdminCatalogueEditor } from './admin-catalogue';

/** /admin/catalogo (ADR 021): packages, add-on prices, guarantees and plans, one form per item. */
export function AdminCataloguePage() {
  return (
    <AdminShell title="Catálogo e preços">
      <AdminCatalogueEditor />
    </AdminShell>
  );
}
