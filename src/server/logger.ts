import type { FastifyRequest } from 'fastify';
import type { Config } from './config';

// Card data, secrets, session tokens and buyers' personal data never reach a log line
// (docs/product.md#cards-and-instalments, issue 9 §7 §9).
export const redactedPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["asaas-access-token"]',
  'req.headers["access_token"]',
  'res.headers["set-cookie"]',
  '*.cardNumber',
  '*.cardCvv',
  '*.cardExpiry',
  '*.number',
  '*.ccv',
  '*.cvv',
  '*.expiryMonth',
  '*.expiryYear',
  '*.password',
  '*.token',
  '*.access_token',
  '*.creditCard',
];

/** A failed query's message carries its parameters (Drizzle: "params: …"): CPF, e-mail, hashes. */
const withoutParams = (text: string) =>
  text.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/g, '\nparams: [redacted]');

/**
 * Errors as type, code, message and stack, with query parameters cut out; the driver's `detail`
 * ("Key (email)=(…) already exists") and any other field are left out on purpose.
 */
export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error))
    return { type: typeof error, message: withoutParams(String(error)), stack: '' };
  const e = error as Error & { code?: unknown; constraint?: unknown; statusCode?: unknown };
  return {
    type: e.name,
    message: withoutParams(e.message),
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(typeof e.constraint === 'string' ? { constraint: e.constraint } : {}),
    ...(typeof e.statusCode === 'number' ? { statusCode: e.statusCode } : {}),
    stack: e.stack ? withoutParams(e.stack) : '',
    ...(e.cause && depth < 5 ? { cause: serializeError(e.cause, depth + 1) } : {}),
  };
}

/** The request line without its query: search terms, e-mails and tokens live there. */
const serializeRequest = (request: FastifyRequest) => ({
  method: request.method,
  url: request.url.split('?')[0],
});

export function loggerOptions(config: Pick<Config, 'logLevel'>) {
  return {
    level: config.logLevel,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    serializers: { req: serializeRequest, err: serializeError },
  };
}
