import { ProviderError } from './payment-provider';

/**
 * The provider asked the shop to wait (HTTP 429: a rate limit, a quota, too many requests at once):
 * nothing was done, and asking again before `retryAfterMs` only prolongs it. Callers stop and wait —
 * a job until then, the reconciler its runs — instead of recording a refusal.
 */
export class ProviderBusy extends ProviderError {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message, 429);
    this.name = 'ProviderBusy';
  }
}
