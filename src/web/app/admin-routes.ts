import type { PageRoute } from '../router/match';
import { paths } from '../paths';
import { page } from './page-route';

const restricted = 'Acesso restrito.';
/** A page of the panel, its module under features/admin/. */
const admin = (path: string, title: string, module: string, exportName: string) =>
  page(path, title, restricted, `features/admin/${module}`, exportName);

// The panel's pages (docs/admin.md#the-panel), one task each, reached from its navigation (admin-nav.tsx).
export const adminRoutes: readonly PageRoute[] = [
  admin(paths.adminLogin, 'Painel administrativo', 'login/admin-login-page.tsx', 'AdminLoginPage'),
  admin(paths.admin, 'Painel', 'home/admin-home-page.tsx', 'AdminHomePage'),
  admin(paths.adminOrders, 'Pedidos', 'orders/admin-orders-page.tsx', 'AdminOrdersPage'),
  admin(paths.adminSales, 'Vendas', 'sales/admin-sales-page.tsx', 'AdminSalesPage'),
  admin(paths.adminDeliveries, 'Entregas', 'deliveries/admin-deliveries-page.tsx', 'AdminDeliveriesPage'),
  admin(
    paths.adminCatalogue,
    'Catálogo e preços',
    'catalogue/admin-catalogue-page.tsx',
    'AdminCataloguePage',
  ),
  admin(paths.adminCoupons, 'Cupons', 'coupons/admin-coupons-page.tsx', 'AdminCouponsPage'),
  admin(paths.adminInvoices, 'Nota fiscal', 'invoices/admin-invoices-page.tsx', 'AdminInvoicesPage'),
  admin(paths.adminWhatsapp, 'WhatsApp', 'whatsapp/admin-whatsapp-page.tsx', 'AdminWhatsappPage'),
  admin(paths.adminEmails, 'E-mails enviados', 'emails/admin-emails-page.tsx', 'AdminEmailsPage'),
  admin(paths.adminSecurity, 'Segurança do painel', 'security/admin-security-page.tsx', 'AdminSecurityPage'),
  admin(paths.adminSettings, 'Configurações', 'settings/admin-settings-page.tsx', 'AdminSettingsPage'),
];
