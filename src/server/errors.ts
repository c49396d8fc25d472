import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { messages, type MessageCode } from '../shared/messages';
import { isDatabaseUnavailable } from './db/unavailable';

// One error taxonomy, mapped to HTTP in one place (docs/architecture.md#errors).
const statusByKind = {
  invalid_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  payment_declined: 422,
  unprocessable: 422,
  rate_limited: 429,
  provider_unavailable: 502,
} as const;

export type ErrorKind = keyof typeof statusByKind;

/**
 * An error the client may see: its kind sets the HTTP status, its code is a key of the pt-BR message
 * catalogue (a typo fails to compile), and the message defaults to that entry.
 */
export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: MessageCode,
    message: string = messages[code],
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return statusByKind[this.kind];
  }
}

export interface ErrorBody {
  code: string;
  message: string;
  [key: string]: unknown;
}

/** Fastify's own client errors (bad JSON, wrong content type, body too large) as AppErrors. */
function fromFastifyError(error: FastifyError): AppError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('invalid_input', 'invalid_json');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payload_too_large', 'payload_too_large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('invalid_input', 'invalid_json');
  }
  if (error.statusCode === 400) return new AppError('invalid_input', 'invalid_input');
  return undefined;
}

export function handleError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  const appError = error instanceof AppError ? error : fromFastifyError(error);
  if (appError) {
    if (appError.details?.retryAfterSeconds) {
      void reply.header('retry-after', String(appError.details.retryAfterSeconds));
    }
    const body: ErrorBody = { code: appError.code, message: appError.message, ...appError.details };
    return reply.status(appError.status).send(body);
  }
  if (isDatabaseUnavailable(error)) {
    // Not the request's fault and not a bug: the client may send it again in a moment (issue 14 §2).
    request.log.warn({ err: error }, 'database unavailable');
    return reply
      .status(503)
      .header('retry-after', '2')
      .send({ code: 'service_unavailable', message: messages.service_unavailable } satisfies ErrorBody);
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send({ code: 'internal', message: messages.internal } satisfies ErrorBody);
}
