import { useEffect } from 'react';
import { adminFiltered, paths } from '#web/paths.ts';
import { useNavigate, useSearchParams } from '#web/router/router.tsx';
import { AdminShell } from '../admin-shell';
import { AdminAttention } from './admin-attention';
import { AdminDeadJobs } from './admin-dead-jobs';
import { AdminToday } from './admin-today';

/**
 * /admin: what needs the owner now, then today's orders and money (docs/admin.md#the-panel). A bookmark of
 * the old one-page panel with its filters (`/admin?period=7d`) opens "Pedidos" with them.
 */
export function AdminHomePage() {
  const navigate = useNavigate();
  const search = useSearchParams().toString();
  useEffect(() => {
    if (search) navigate(adminFiltered(paths.adminOrders, search), { replace: true });
  }, [search, navigate]);
  return (
    <AdminShell title="Painel">
      <AdminAttention />
      <AdminDeadJobs />
      <AdminToday />
    </AdminShell>
  );
}
