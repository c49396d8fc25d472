import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AppError } from '../errors';

/** A NUL anywhere in a parsed body, at any depth: walked with a stack, so deep nesting cannot overflow. */
function hasNul(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/**
 * A provider's webhook as it can be kept: PostgreSQL stores no NUL in text or jsonb, and a JSON body may
 * carry one escaped (`\u0000`), which only appears once parsed. Dropped at any depth, keys too.
 */
export function withoutNul(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll('\u0000', '');
  if (Array.isArray(value)) return value.map(withoutNul);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k.replaceAll('\u0000', ''), withoutNul(v)]),
    );
  return value;
}

/** Routes whose body is kept raw and cleaned by their handler. */
export const rawBodyRoutes = new Set<string>();

/**
 * A NUL byte in any text of a request (body, query, route parameters) is a 400 at the edge: PostgreSQL
 * cannot store it in text, and it reached the database as a 500 before (issue 9 §9).
 */
export function rejectNulBytes(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
  // A route that takes its body raw (a provider's webhook) cleans it itself: it must answer 2xx to anything.
  const rawBody = typeof request.body === 'string' && rawBodyRoutes.has(request.routeOptions.url ?? '');
  if ((!rawBody && hasNul(request.body)) || hasNul(request.query) || hasNul(request.params)) {
    done(new AppError('invalid_input', 'invalid_character'));
    return;
  }
  done();
}
