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
  adminSecurity: '/admin/seguranca',
  adminInvoices: '/admin/nota-fiscal',
} as const;

/** /order/{id}: the order's page. */
export const orderPage = (orderId: string) => `/order/${encodeURIComponent(orderId)}`;

/** /success: polls until the order is paid, then shows its code. */
export const successPage = (orderId: string) => `/success?order_id=${encodeURIComponent(orderId)}`;

/** /obrigado: the thank-you page of an order already paid when it was placed. */
export const thanksPage = (orderId: string) => `/obrigado?pedido_id=${encodeURIComponent(orderId)}`;

/** /whatsapp-payment: an order settled with a person on WhatsApp. */
export const whatsappPaymentPage = (orderId: string) =>
  `/whatsapp-payment?pedido_id=${encodeURIComponent(orderId)}`;

/** The admin panel with its filters (a query string without '?'). */
export const adminPanel = (query: string) => `${paths.admin}?${query}`;

/** The new-password page of a verified e-mail; the token rides in the fragment, out of logs. */
export const verifiedResetPage = (token: string) =>
  `/redefinir-senha?verificado=1#token=${encodeURIComponent(token)}`;

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
