import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { AppError, handleError } from '../errors';
import { trackInFlight } from './in-flight';
import { originCheck } from './origin-check';
import { securityHeaders } from './security-headers';
import { rejectNulBytes } from './text-guard';

/**
 * What every request goes through before any route: security headers, cookies, the error handler, the
 * origin check and the NUL-byte guard. Returns the count of requests in flight.
 */
export async function httpBasics(server: FastifyInstance, config: Readonly<Config>) {
  securityHeaders(server, { tagManager: config.shop.gtmId !== null });
  const inFlight = trackInFlight(server);
  await server.register(cookie);
  server.setErrorHandler(handleError);
  server.setNotFoundHandler((_request, _reply) => {
    throw new AppError('not_found', 'not_found');
  });
  server.addHook('onRequest', originCheck(config.publicUrl));
  server.addHook('preValidation', rejectNulBytes);
  return inFlight;
}
