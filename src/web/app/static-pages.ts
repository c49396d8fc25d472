// The pages the server renders once per São Paulo day and serves from its cache (entry-server.tsx).

/**
 * Pages that depend only on the shop, the day and the query parameters in `staticPageParams` (the server
 * caches and prewarms them).
 */
export const staticPagePaths = [
  '/',
  '/precos',
  '/sobre',
  '/privacidade',
  '/termos',
  '/reembolso',
  '/entrega',
  '/cookies',
  '/disclaimer',
  '/contato',
] as const;

/** The query parameters a static page's markup reads (/precos?tipo=avulso opens on the one-time tab). */
export const staticPageParams: Readonly<Record<string, readonly string[]>> = { '/precos': ['tipo'] };
