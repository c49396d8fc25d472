import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AppError } from '../errors';

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * docs/product.md#security: a browser request that changes state must come from our own pages. Browsers
 * always send Origin on such requests; server-to-server callers (provider webhooks) send none and are checked
 * by their own tokens.
 */
export function originCheck(publicUrl: string) {
  const allowed = new URL(publicUrl).host;
  const verdict = (request: FastifyRequest): AppError | undefined => {
    if (!stateChanging.has(request.method)) return undefined;
    const origin = request.headers.origin;
    if (!origin) return undefined;
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      return new AppError('forbidden', 'forbidden');
    }
    return host === allowed || host === request.headers.host
      ? undefined
      : new AppError('forbidden', 'forbidden');
  };
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) =>
    done(verdict(request));
}
