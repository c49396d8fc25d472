import { z } from 'zod';
import { ProviderError } from '../payment-provider';
import { ProviderBusy } from '../provider-busy';

// Asaas API v3 over real HTTP (docs.asaas.com; docs/payments.md#asaas).

const errorsAnswer = z.object({ errors: z.array(z.object({ code: z.string(), description: z.string() })) });
export type AsaasErrorItem = z.infer<typeof errorsAnswer>['errors'][number];

/** A 4xx answer with Asaas's `errors[]` (400 = validation or declined card). */
export class AsaasRequestError extends ProviderError {
  constructor(
    status: number,
    readonly errors: AsaasErrorItem[],
  ) {
    super(errors[0]?.description ?? `Asaas answered ${status}`, status, errors[0]?.code);
    this.name = 'AsaasRequestError';
  }
}

/**
 * A card the issuer or Asaas refused (HTTP 400 `invalid_creditCard`: the charge was not kept): its
 * description for the buyer, or '' when Asaas gave none; null for any other error. Other 400s
 * (`invalid_billingType` for an account not cleared for cards, a field we sent wrong) are not the buyer's
 * card: they stay errors, logged with their code (issue 12).
 */
export function cardRefusal(error: unknown): string | null {
  if (!(error instanceof AsaasRequestError) || error.status !== 400) return null;
  const refused = error.errors.find((e) => e.code === 'invalid_creditCard');
  return refused ? refused.description : null;
}

/**
 * How long Asaas asked to wait: `RateLimit-Reset`, the seconds left until its limit resets (docs.asaas.com
 * 'Limites da API' / 'API Limits'); a minute when it does not say (a quota or concurrency 429 names none).
 */
function waitAsked(headers: Headers): number {
  const seconds = Number(headers.get('ratelimit-reset'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 12 * 3600) * 1000 : 60_000;
}

export interface AsaasClientOptions {
  baseUrl: string;
  apiKey: string;
  userAgent: string;
}

export type AsaasRequest = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  options?: { timeoutMs?: number },
) => Promise<unknown>;

export function createAsaasClient(options: AsaasClientOptions): AsaasRequest {
  const base = options.baseUrl.replace(/\/$/, '');
  return async (method, path, body, { timeoutMs = 20_000 } = {}) => {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          access_token: options.apiKey,
          // Mandatory for accounts created from 13/06/2024 (reference §1.1).
          'User-Agent': options.userAgent,
          // A FormData body (POST /fiscalInfo/ is multipart) sets its own type with the boundary.
          ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      // The cause (a timeout, a refused connection) is what `npm run doctor` tells the owner.
      throw Object.assign(new ProviderError(`Asaas unreachable: ${(error as Error).message}`), {
        cause: error,
      });
    }
    const text = await response.text();
    // 429 before the body is read: Asaas's pages show its headers, not its body.
    if (response.status === 429)
      throw new ProviderBusy('Asaas answered 429 (rate limit or quota)', waitAsked(response.headers));
    let data: unknown = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      throw new ProviderError(
        `Asaas answered ${response.status} with a body that is not JSON`,
        response.status,
      );
    }
    if (response.status >= 400 && response.status < 500) {
      const read = errorsAnswer.safeParse(data);
      throw new AsaasRequestError(response.status, read.success ? read.data.errors : []);
    }
    if (!response.ok) throw new ProviderError(`Asaas answered ${response.status}`, response.status);
    return data;
  };
}
