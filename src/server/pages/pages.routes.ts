import type { FastifyInstance } from 'fastify';
import { consentKey, parseConsent } from '../../shared/consent';
import { AppError } from '../errors';
import { pickEncoding } from './compress';
import { loadPageRenderer, type PageRendererOptions } from './page-renderer';

/** Every GET that is not an API call or a static file is a page of the web app. */
export async function pagesRoutes(app: FastifyInstance, options: PageRendererOptions) {
  const renderer = await loadPageRenderer(options);
  await renderer.warm();
  app.get('/*', async (request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/'))
      throw new AppError('not_found', 'not_found');
    const page = await renderer.render(request.url, parseConsent(request.cookies[consentKey]) === null);
    const encoding = pickEncoding(request.headers['accept-encoding']);
    reply
      .status(page.status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(page.body.in(encoding));
  });
}
