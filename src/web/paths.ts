// Every route of the web app in one place (bulletproof-react's typed paths map).
export const paths = {
  home: '/',
  howItWorks: '/#como-funciona',
  plans: '/#planos',
  faq: '/#faq',
  pricing: '/precos',
  about: '/sobre',
  privacy: '/privacidade',
  terms: '/termos',
  refund: '/reembolso',
  delivery: '/entrega',
  cookies: '/cookies',
  disclaimer: '/disclaimer',
  contact: '/contato',
  lookup: '/login',
  checkout: '/checkout',
} as const;

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
