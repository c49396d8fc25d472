import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

// Card data, secrets and session tokens never reach a log line (DECISIONS 16).
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

export function loggerOptions(config: Pick<Config, 'logLevel'>): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: redactedPaths, censor: '[redacted]' },
  };
}
