import { pathToFileURL } from 'node:url';
import { saoPauloDay } from '../../shared/dates';
import type { Catalogue } from '../../shared/catalogue';
import type { ShopIdentity } from '../../shared/shop';
import type { ShopClaims } from '../../shared/shop-claims';
import {
  bootDataElementId,
  type BootData,
  type RenderContext,
  type ServerEntry,
} from '../../shared/render-contract';
import { encodeBody, type EncodedBody } from './compress';
import { loadPageAssets } from './page-assets';

export interface RenderedPage {
  status: number;
  body: EncodedBody;
}

export interface PageRenderer {
  /** `cookieBanner`: the visitor has not chosen about cookies yet (no `cookieConsent` cookie). */
  render(url: string, cookieBanner: boolean): Promise<RenderedPage>;
  /** Renders the cacheable pages ahead of the first visitor. */
  warm(): Promise<void>;
}

/** JSON inside <script> must not be able to close the tag. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export interface PageRendererOptions {
  clientDir: string;
  ssrEntryFile: string;
  shop: ShopIdentity;
  clock: () => Date;
  /** The catalogue in force now: pages show its prices, and its version is part of the cache key. */
  catalogue: () => Catalogue;
  /** The owner's numbers now: their version is part of the cache key too. */
  claims: () => ShopClaims;
}

export async function loadPageRenderer(options: PageRendererOptions): Promise<PageRenderer> {
  const assets = await loadPageAssets(options.clientDir);
  const entry = (await import(pathToFileURL(options.ssrEntryFile).href)) as ServerEntry;
  const cacheable = new Set(entry.cacheablePaths);
  // Keyed by path, São Paulo day (a legal page's date stamp changes at local midnight), cookie banner or
  // not, and catalogue and numbers versions (an edit in the panel shows on the next request, on every
  // instance).
  const cache = new Map<string, RenderedPage>();
  let cachedVersion = '';

  async function renderUncached(url: string, context: Omit<RenderContext, 'shop'>): Promise<RenderedPage> {
    const result = await entry.render(url, { shop: options.shop, ...context });
    const pathname = new URL(url, 'http://localhost').pathname;
    const boot: BootData = {
      shop: options.shop,
      renderedAt: context.now.toISOString(),
      catalogue: context.catalogue,
      claims: context.claims,
      cookieBanner: context.cookieBanner,
    };
    const html = assets.template
      // Content pages (the cacheable ones) start their scripts after load; pages with forms after paint.
      .replace(
        '<!--app-head-->',
        () => result.head + assets.scriptTags(result.module, cacheable.has(pathname) ? 'load' : 'paint'),
      )
      .replace('<!--app-html-->', () => result.html)
      .replace(
        '<!--app-boot-->',
        () => `<script type="application/json" id="${bootDataElementId}">${scriptSafeJson(boot)}</script>`,
      );
    return { status: result.status, body: encodeBody(html) };
  }

  async function render(url: string, cookieBanner: boolean): Promise<RenderedPage> {
    const context = {
      now: options.clock(),
      catalogue: options.catalogue(),
      claims: options.claims(),
      cookieBanner,
    };
    const parsed = new URL(url, 'http://localhost');
    if (!cacheable.has(parsed.pathname)) return renderUncached(url, context);
    // Rendered from the path and only the parameters the page reads, so the markup matches what the
    // browser renders for this URL (no hydration mismatch) while ?utm_… links share one cached copy.
    const kept = new URLSearchParams();
    for (const name of entry.cacheableParams[parsed.pathname] ?? []) {
      const value = parsed.searchParams.get(name);
      if (value !== null) kept.set(name, value);
    }
    const pageUrl = kept.size ? `${parsed.pathname}?${kept}` : parsed.pathname;
    const version = `${context.catalogue.version}:${context.claims.version}`;
    if (version !== cachedVersion) {
      cache.clear();
      cachedVersion = version;
    }
    const key = `${pageUrl}|${saoPauloDay(context.now)}|${cookieBanner}`;
    let page = cache.get(key);
    if (!page) {
      // Yesterday's pages, or too many parameter values.
      if (cache.size > cacheable.size * 16) cache.clear();
      page = await renderUncached(pageUrl, context);
      cache.set(key, page);
    }
    return page;
  }

  return {
    render,
    async warm() {
      for (const pathname of cacheable) for (const banner of [true, false]) await render(pathname, banner);
    },
  };
}
