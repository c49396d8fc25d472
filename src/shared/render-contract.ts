import type { Catalogue } from './catalogue';
import type { ShopIdentity } from './shop';
import type { ShopClaims } from './shop-claims';

// The contract between the server and the web app's server entry (src/web/entry-server.tsx), which the
// server loads from the build without importing web code.

export interface RenderContext {
  shop: ShopIdentity;
  /** The instant the page is rendered for; legal pages stamp its São Paulo date. */
  now: Date;
  catalogue: Catalogue;
  /** The shop's numbers as the owner set them ("Números da loja"). */
  claims: ShopClaims;
  /** The visitor has not chosen about cookies yet: the banner is part of the page (shared/consent.ts). */
  cookieBanner: boolean;
}

export interface RenderResult {
  status: number;
  /** Markup for inside <div id="root">. */
  html: string;
  /** <title> and meta description. */
  head: string;
  /** Source module of the rendered page (a key of Vite's build manifest), so its chunks can be preloaded. */
  module: string;
}

export interface ServerEntry {
  render(url: string, context: RenderContext): Promise<RenderResult>;
  /**
   * Paths whose page depends only on the shop, the day, the catalogue, the numbers and `cacheableParams`, so the
   * server may cache them.
   */
  cacheablePaths: readonly string[];
  /** Per cacheable path, the query parameters its markup reads (part of the cache key). */
  cacheableParams: Readonly<Record<string, readonly string[]>>;
}

/** Id of the JSON script that carries the shop identity and render date to the browser. */
export const bootDataElementId = 'boot-data';

export interface BootData {
  shop: ShopIdentity;
  renderedAt: string;
  /** Prices and packages as the server priced this page (the browser never fetches them again). */
  catalogue: Catalogue;
  claims: ShopClaims;
  /** Whether the server rendered the cookie banner, so the first client render matches. */
  cookieBanner: boolean;
}
