import { periodLabels } from '#shared/schemas/admin.ts';
import { buttonSecondary } from '../../components/ui/styles';
import { Link } from '../../router/link';
import { adminPanel, paths } from '../../paths';
import { AdminAbandoned } from './admin-abandoned';
import { AdminCatalogueEditor } from './admin-catalogue';
import { AdminCoupons } from './admin-coupons';
import { AdminShopClaims } from './admin-shop-claims';
import { AdminWhatsapp } from './admin-whatsapp';
import { AdminPrivacy } from './admin-privacy';
import { AdminDeadJobs } from './admin-dead-jobs';
import { AdminFilters } from './admin-filters';
import { AdminFulfilment } from './admin-fulfilment';
import { AdminDoctor } from './admin-doctor';
import { Funnel, MetricCards } from './admin-metrics';
import { SalesChart } from './admin-sales-chart';
import { AdminOrdersTable } from './admin-orders-table';
import { useAdminPanel } from './use-admin-panel';
import { adminLogout } from './admin-settings-api';
import { LoadFailed } from './admin-load-failed';
import { failureText } from './admin-failure';

/**
 * /admin (docs/product.md#admin-panel): filters live in the URL; everything is checked again by the server.
 */
export function AdminPage() {
  const { params, search, period, page, data, failed, load, setFilters, navigate } = useAdminPanel();
  const signOut = async () => {
    try {
      await adminLogout();
      navigate(paths.adminLogin);
    } catch (error) {
      // Still signed in: the operator stays, told why.
      window.alert(failureText(error));
    }
  };
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

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
        <div className="flex gap-2">
          <Link to={paths.adminInvoices} className={buttonSecondary}>
            Nota fiscal
          </Link>
          <Link to={paths.adminSecurity} className={buttonSecondary}>
            Segurança
          </Link>
          <button type="button" onClick={signOut} className={buttonSecondary}>
            Sair
          </button>
        </div>
      </header>
      <AdminDeadJobs />
      <AdminFulfilment />
      <AdminAbandoned />
      <AdminCatalogueEditor />
      <AdminCoupons />
      <AdminShopClaims />
      <AdminWhatsapp />
      <AdminPrivacy />
      <AdminDoctor />

      <AdminFilters
        params={params}
        period={period}
        search={search}
        setFilters={setFilters}
        clear={() => navigate(adminPanel(`period=${period}`), { replace: true })}
      />

      {failed && <LoadFailed retry={() => void load()} />}
      {!data && !failed && <p className="mt-6 text-slate-700">Carregando…</p>}
      {data && (
        <div className="mt-6 space-y-6">
          <SalesChart sales={data.sales} />
          <MetricCards metrics={data.metrics} />
          <Funnel funnel={data.funnel} />
          <AdminOrdersTable
            orders={data.orders}
            total={data.total}
            page={page}
            pages={pages}
            params={params}
            setFilters={setFilters}
            onChanged={() => void load()}
          />
        </div>
      )}
    </main>
  );
}
