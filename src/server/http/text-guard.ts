import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AppError } from '../errors';

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 8 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || hasNul(inner, depth + 1));
}

/**
 * A NUL byte in any text of a request (body, query, route parameters) is a 400 at the edge: PostgreSQL
 * cannot store it in text, and it reached the database as a 500 before (issue 9 §9).
 */
export function rejectNulBytes(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
  if (hasNul(request.body) || hasNul(request.query) || hasNul(request.params)) {
    done(new AppError('invalid_input', 'invalid_character'));
    return;
  }
  done();
}
