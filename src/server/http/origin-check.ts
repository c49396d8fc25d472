import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * DECISIONS 20: a browser request that changes state must come from our own pages. Browsers always send
 * Origin on such requests; server-to-server callers (provider webhooks) send none and are checked by
 * their own tokens.
 */
export function originCheck(publicUrl: string) {
  const allowed = new URL(publicUrl).host;
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!stateChanging.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) return;
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      throw new AppError('forbidden', 'forbidden');
    }
    if (host !== allowed && host !== request.headers.host) throw new AppError('forbidden', 'forbidden');
  };
}
