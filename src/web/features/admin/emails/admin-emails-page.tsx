import { AdminShell } from '../admin-shell';

export function AdminEmailsPage() {
  return <AdminShell title="E-mails enviados">{null}</AdminShell>;
}
