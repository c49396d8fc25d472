import { ProviderError } from '../payment-provider';

// Asaas API v3 over real HTTP (reference/payments.md §1).

export interface AsaasErrorItem {
  code: string;
  description: string;
}

/** A 4xx answer with Asaas's `errors[]` (400 = validation or declined card). */
export class AsaasRequestError extends ProviderError {
  constructor(
    status: number,
    readonly errors: AsaasErrorItem[],
  ) {
    super(errors[0]?.description ?? `Asaas answered ${status}`, status);
    this.name = 'AsaasRequestError';
  }
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
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ProviderError(`Asaas unreachable: ${(error as Error).message}`);
    }
    const text = await response.text();
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
      const errors = Array.isArray((data as { errors?: unknown })?.errors)
        ? ((data as { errors: AsaasErrorItem[] }).errors ?? [])
        : [];
      throw new AsaasRequestError(response.status, errors);
    }
    if (!response.ok) throw new ProviderError(`Asaas answered ${response.status}`, response.status);
    return data;
  };
}
