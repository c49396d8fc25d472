import { AdminShell } from '../admin-shell';
import { AdminDoctor } from './admin-doctor';
import { AdminShopClaims } from './admin-shop-claims';
import { AdminPrivacy } from './admin-privacy';

/**
 * /admin/configuracoes: "Verificar configuração" (ADR 029), the shop's numbers (ADR 031) and a buyer's
 * request about their personal data (docs/privacy.md).
 */
export function AdminSettingsPage() {
  return (
    <AdminShell title="Configurações">
      <AdminDoctor />
      <AdminShopClaims />
      <AdminPrivacy />
    </AdminShell>
  );
}
