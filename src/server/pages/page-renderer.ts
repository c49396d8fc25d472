import { pathToFileURL } from 'node:url';
import { saoPauloDay } from '../../shared/dates';
import type { Catalogue } from '../../shared/catalogue';
import type { ShopIdentity } from '../../shared/shop';
import { bootDataElementId, type BootData, type ServerEntry } from '../../shared/render-contract';
import { encodeBody, type EncodedBody } from './compress';
import { loadPageAssets } from './page-assets';

export interface RenderedPage {
  status: number;
  body: EncodedBody;
}

export interface PageRenderer {
  render(url: string): Promise<RenderedPage>;
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
}

export async function loadPageRenderer(options: PageRendererOptions): Promise<PageRenderer> {
  const assets = await loadPageAssets(options.clientDir);
  const entry = (await import(pathToFileURL(options.ssrEntryFile).href)) as ServerEntry;
  const cacheable = new Set(entry.cacheablePaths);
  // Keyed by path, São Paulo day (a legal page's date stamp changes at local midnight) and catalogue
  // version (an edit in the panel shows on the next request, on every instance).
  const cache = new Map<string, RenderedPage>();
  let cachedVersion = -1;

  async function renderUncached(url: string, now: Date, catalogue: Catalogue): Promise<RenderedPage> {
    const result = await entry.render(url, { shop: options.shop, now, catalogue });
    const pathname = new URL(url, 'http://localhost').pathname;
    const boot: BootData = { shop: options.shop, renderedAt: now.toISOString(), catalogue };
    const html = assets.template
      // Content pages (the cacheable ones) start their scripts after load; pages with forms at once.
      .replace(
        '<!--app-head-->',
        () => result.head + assets.scriptTags(result.module, cacheable.has(pathname)),
      )
      .replace('<!--app-html-->', () => result.html)
      .replace(
        '<!--app-boot-->',
        () => `<script type="application/json" id="${bootDataElementId}">${scriptSafeJson(boot)}</script>`,
      );
    return { status: result.status, body: encodeBody(html) };
  }

  async function render(url: string): Promise<RenderedPage> {
    const now = options.clock();
    const catalogue = options.catalogue();
    const parsed = new URL(url, 'http://localhost');
    if (!cacheable.has(parsed.pathname)) return renderUncached(url, now, catalogue);
    // Rendered from the path and only the parameters the page reads, so the markup matches what the
    // browser renders for this URL (no hydration mismatch) while ?utm_… links share one cached copy.
    const kept = new URLSearchParams();
    for (const name of entry.cacheableParams[parsed.pathname] ?? []) {
      const value = parsed.searchParams.get(name);
      if (value !== null) kept.set(name, value);
    }
    const pageUrl = kept.size ? `${parsed.pathname}?${kept}` : parsed.pathname;
    if (catalogue.version !== cachedVersion) {
      cache.clear();
      cachedVersion = catalogue.version;
    }
    const key = `${pageUrl}|${saoPauloDay(now)}`;
    let page = cache.get(key);
    if (!page) {
      if (cache.size > cacheable.size * 8) cache.clear(); // yesterday's pages, or too many parameter values
      page = await renderUncached(pageUrl, now, catalogue);
      cache.set(key, page);
    }
    return page;
  }

  return {
    render,
    async warm() {
      for (const pathname of cacheable) await render(pathname);
    },
  };
}
