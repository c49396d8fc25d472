import { AdminShell } from '../admin-shell';
import { AdminWhatsapp } from './admin-whatsapp';

/** /admin/whatsapp (docs/whatsapp.md): whether messages are on, and the texts the shop sends. */
export function AdminWhatsappPage() {
  return (
    <AdminShell title="WhatsApp">
      <AdminWhatsapp />
    </AdminShell>
  );
}
