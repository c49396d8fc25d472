import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { RenderContext, RenderResult, ServerEntry } from '../shared/render-contract';
import { BootProvider } from './lib/boot';
import { RootLayout } from './app/root-layout';
import { titleFor } from './app/route-handle';
import { routes } from './app/routes';
import { staticPageParams, staticPagePaths } from './app/static-pages';
import { loadRoute, matchRoute } from './router/match';
import { StaticRouter } from './router/router';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export const cacheablePaths: ServerEntry['cacheablePaths'] = staticPagePaths;
export const cacheableParams: ServerEntry['cacheableParams'] = staticPageParams;

export async function render(
  url: string,
  { shop, now, catalogue, claims, cookieBanner }: RenderContext,
): Promise<RenderResult> {
  const parsed = new URL(url, 'http://localhost');
  const { route } = matchRoute(routes, parsed.pathname);
  await loadRoute(route);
  const html = renderToString(
    <StrictMode>
      <BootProvider value={{ shop, renderedAt: now, catalogue, claims, cookieBanner }}>
        <StaticRouter routes={routes} url={parsed} layout={RootLayout} />
      </BootProvider>
    </StrictMode>,
  );
  const head =
    `<title>${escapeHtml(titleFor(route.handle, shop.name))}</title>` +
    `<meta name="description" content="${escapeHtml(route.handle.description)}">`;
  return { status: route.path === '*' ? 404 : 200, html, head, module: route.module };
}
