import { buttonSecondary } from '#web/components/ui/styles.ts';
import { paths } from '#web/paths.ts';
import { Link } from '#web/router/link.tsx';
import { useLocation, useNavigate } from '#web/router/router.tsx';
import { adminLogout } from './admin-settings-api';
import { failureText } from './admin-failure';

/** Every page of the panel, one task each (docs/admin.md#the-panel), in the navigation's order. */
export const adminSections = [
  { to: paths.admin, label: 'Início' },
  { to: paths.adminOrders, label: 'Pedidos' },
  { to: paths.adminSales, label: 'Vendas' },
  { to: paths.adminDeliveries, label: 'Entregas' },
  { to: paths.adminCatalogue, label: 'Catálogo' },
  { to: paths.adminCoupons, label: 'Cupons' },
  { to: paths.adminInvoices, label: 'Nota fiscal' },
  { to: paths.adminWhatsapp, label: 'WhatsApp' },
  { to: paths.adminEmails, label: 'E-mails' },
  { to: paths.adminSecurity, label: 'Segurança' },
  { to: paths.adminSettings, label: 'Configurações' },
] as const;

const item =
  'flex min-h-11 items-center rounded-lg px-3 text-base font-semibold lg:px-2 focus-visible:outline focus-visible:outline-3 focus-visible:outline-fuchsia-700';

/** The links to every page and "Sair"; the current page is marked for screen readers and the eye. */
export function AdminNavLinks() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const signOut = async () => {
    try {
      await adminLogout();
      navigate(paths.adminLogin);
    } catch (error) {
      // Still signed in: the operator stays, told why.
      window.alert(failureText(error));
    }
  };
  return (
    <div className="lg:flex lg:items-center lg:justify-between lg:gap-3">
      <ul className="grid grid-cols-2 gap-1 lg:flex lg:flex-wrap">
        {adminSections.map((section) => {
          const current = pathname === section.to;
          return (
            <li key={section.to}>
              <Link
                to={section.to}
                aria-current={current ? 'page' : undefined}
                className={`${item} ${current ? 'bg-fuchsia-100 text-fuchsia-900' : 'text-slate-800 hover:bg-slate-100'}`}
              >
                {section.label}
              </Link>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        onClick={() => void signOut()}
        className={`${buttonSecondary} mt-3 w-full lg:mt-0 lg:w-auto`}
      >
        Sair
      </button>
    </div>
  );
}
