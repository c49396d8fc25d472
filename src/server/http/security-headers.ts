import { IncomingMessage, ServerResponse, type OutgoingHttpHeaders } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { bootLoaderCspSource } from '../pages/boot-loader';
import { cspReportPath } from './csp-report.routes';

/**
 * helmet's security headers on every response. helmet is built once here: @fastify/helmet rebuilt it
 * (parsing every option, CSP included) on each request, ~6 % of an order's CPU (docs/benchmarks.md).
 * Every header it sets is the same on each request (no nonce), so it runs once, at start, and each reply
 * gets the headers it set: running its twelve middlewares and Node's `setHeader` per request was 8.6 % of
 * a health check's CPU (docs/benchmarks.md).
 */
export function securityHeaders(server: FastifyInstance, options: { tagManager: boolean }) {
  // The tag manager's hosts are allowed only when a container is configured (GTM_ID): issue 9 §11.
  const gtm = (...hosts: string[]) => (options.tagManager ? hosts : []);
  const apply = helmet({
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'script-src': [
          "'self'",
          bootLoaderCspSource,
          ...gtm('https://www.googletagmanager.com', 'https://*.google-analytics.com'),
        ],
        'connect-src': [
          "'self'",
          ...gtm(
            'https://*.google-analytics.com',
            'https://*.analytics.google.com',
            'https://*.googletagmanager.com',
          ),
        ],
        'img-src': ["'self'", 'data:', 'https:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'frame-src': options.tagManager ? ['https://www.googletagmanager.com'] : ["'none'"],
        'upgrade-insecure-requests': null,
        // Violations are reported to us and logged (issue 14 §9).
        'report-uri': [cspReportPath],
      },
    },
    // The site is also served over plain HTTP on localhost; HSTS belongs on the HTTPS proxy.
    strictTransportSecurity: false,
    // Keeps the origin for analytics referrers without leaking paths to other sites.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  const headers = headersSetBy(apply);
  server.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** The headers a helmet middleware sets on a response that nothing else touched. */
function headersSetBy(
  middleware: (request: IncomingMessage, response: ServerResponse, next: () => void) => void,
): OutgoingHttpHeaders {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  middleware(request, response, () => undefined);
  return response.getHeaders();
}
