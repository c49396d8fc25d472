// Every route of the web app in one place (bulletproof-react's typed paths map): links and navigations
// take their paths from here, never from a string of their own.
export const paths = {
  home: '/',
  howItWorks: '/#como-funciona',
  plans: '/#planos',
  faq: '/#faq',
  pricing: '/precos',
  pricingOneTime: '/precos?tipo=avulso',
  pricingPlans: '/precos?tipo=mensal',
  about: '/sobre',
  privacy: '/privacidade',
  terms: '/termos',
  refund: '/reembolso',
  delivery: '/entrega',
  cookies: '/cookies',
  disclaimer: '/disclaimer',
  contact: '/contato',
  /** The order lookup, which is also the buyer's sign-in. */
  lookup: '/login',
  signup: '/signup',
  dashboard: '/dashboard',
  checkout: '/checkout',
  admin: '/admin',
  adminLogin: '/admin/login',
  adminOrders: '/admin/pedidos',
  adminSales: '/admin/vendas',
  adminDeliveries: '/admin/entregas',
  adminCatalogue: '/admin/catalogo',
  adminCoupons: '/admin/cupons',
  adminInvoices: '/admin/nota-fiscal',
  adminWhatsapp: '/admin/whatsapp',
  adminEmails: '/admin/emails',
  adminSecurity: '/admin/seguranca',
  adminSettings: '/admin/configuracoes',
  // Pages reached with an id or a token, through the builders below.
  success: '/success',
  orderDetails: '/order-details',
  whatsappPayment: '/whatsapp-payment',
  thanks: '/obrigado',
  cancelled: '/cancelado',
  verifyEmail: '/verificar-email',
  resetPassword: '/redefinir-senha',
  privacyConfirm: '/meus-dados/confirmar',
} as const;

/** Where the cookie banner's form posts a choice made before the scripts run (issue 45 §1). */
export const consentPath = '/api/consent';

/** The route pattern of an order's page (the router reads `:id`). */
export const orderRoute = '/order/:id';

/** /order/{id}: the order's page. */
export const orderPage = (orderId: string) => orderRoute.replace(':id', encodeURIComponent(orderId));

/** /success: polls until the order is paid, then shows its code. */
export const successPage = (orderId: string) => `${paths.success}?order_id=${encodeURIComponent(orderId)}`;

/** /obrigado: the thank-you page of an order already paid when it was placed. */
export const thanksPage = (orderId: string) => `${paths.thanks}?pedido_id=${encodeURIComponent(orderId)}`;

/** /whatsapp-payment: an order settled with a person on WhatsApp. */
export const whatsappPaymentPage = (orderId: string) =>
  `${paths.whatsappPayment}?pedido_id=${encodeURIComponent(orderId)}`;

/** A page of the panel with its filters (a query string without '?'): the orders or the sales numbers. */
export const adminFiltered = (page: typeof paths.adminOrders | typeof paths.adminSales, query: string) =>
  query ? `${page}?${query}` : page;

/** The new-password page of a verified e-mail; the token rides in the fragment, out of logs. */
export const verifiedResetPage = (token: string) =>
  `${paths.resetPassword}?verificado=1#token=${encodeURIComponent(token)}`;

export type CheckoutQuery =
  { type: 'followers' | 'likes' | 'views'; amount: number } | { type: 'recurring'; plan: string };

export function checkoutUrl(query: CheckoutQuery): string {
  const params = new URLSearchParams(
    query.type === 'recurring'
      ? { type: query.type, plan: query.plan }
      : { type: query.type, amount: String(query.amount) },
  );
  return `${paths.checkout}?${params.toString()}`;
}
