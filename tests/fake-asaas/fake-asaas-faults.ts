// The faults a test injects into the fake Asaas: answers lost after the request was processed (the
// connection cut), answers held back, canned or failed answers, and outages. A lost or slow answer comes
// from a request Asaas did carry out — state and webhooks change as usual — which is what makes the
// store's retries and look-ups worth testing.

/** Which requests a fault applies to; no `method`: any. `path` is tried with and without /v3. */
export interface RequestMatch {
  method?: string;
  path: RegExp;
}

export interface LoseMatch extends RequestMatch {
  /** How many matching answers to lose; none: until loseAnswers(null). */
  times?: number;
}

export interface SlowMatch extends RequestMatch {
  /** How long each matching answer waits, asked anew for every request. */
  delayMs: () => number;
}

/**
 * Asaas asking to wait (docs.asaas.com 'Limites da API'): matching requests are answered 429 Too Many
 * Requests, not processed, with `RateLimit-Limit`, `RateLimit-Remaining: 0` and `RateLimit-Reset` (the
 * seconds left until the limit resets); `times` of them, or until rateLimit(null).
 */
export interface RateLimitMatch extends RequestMatch {
  resetSeconds: number;
  times?: number;
}

export interface CannedAnswer {
  path: RegExp;
  status: number;
  rawBody: string;
  method?: string;
}

/** What happens to one request's answer. */
export interface AnswerFate {
  lost: boolean;
  delayMs: number;
}

/** Tests both spellings, so /\/payments$/, /^\/v3\/payments$/ and /^\/payments$/ all match /v3/payments. */
export function pathMatches(path: RegExp, pathname: string): boolean {
  const tries = [pathname, pathname.replace(/^\/v3(?=\/|$)/, '')];
  return tries.some((candidate) => {
    path.lastIndex = 0; // a /g or /y RegExp keeps state between test() calls
    return path.test(candidate);
  });
}

const matches = (match: RequestMatch, method: string, pathname: string) =>
  (!match.method || match.method.toUpperCase() === method) && pathMatches(match.path, pathname);

export class FakeFaults {
  failure: number | null = null;
  canned: CannedAnswer | null = null;
  outage: number | 'hang' | null = null;
  private loseOnce: RequestMatch | null = null;
  private lose: LoseMatch | null = null;
  private delayOnce: { path: RegExp; ms: number } | null = null;
  private slow: SlowMatch | null = null;
  private limited: RateLimitMatch | null = null;

  rateLimit(match: RateLimitMatch | null) {
    this.limited = match && { ...match };
  }

  /** The seconds to RateLimit-Reset when this request is answered 429 (used up per `times`), else null. */
  takeRateLimit(method: string, pathname: string): number | null {
    const limited = this.limited;
    if (!limited || !matches(limited, method, pathname)) return null;
    if (limited.times !== undefined && --limited.times <= 0) this.limited = null;
    return limited.resetSeconds;
  }

  loseNext(path: RegExp, method = 'POST') {
    this.loseOnce = { path, method };
  }

  loseAnswers(match: LoseMatch | null) {
    this.lose = match && { ...match };
  }

  delayNext(path: RegExp, ms: number) {
    this.delayOnce = { path, ms };
  }

  slowAnswers(match: SlowMatch | null) {
    this.slow = match;
  }

  /** The canned answer for this request, used up; null when none applies. */
  takeCanned(method: string, pathname: string): CannedAnswer | null {
    const canned = this.canned;
    if (!canned || !pathMatches(canned.path, pathname) || (canned.method && canned.method !== method))
      return null;
    this.canned = null;
    return canned;
  }

  /** Decides, as the request arrives, whether its answer is lost or late; one-shot faults are used up. */
  fate(method: string, pathname: string): AnswerFate {
    let lost = false;
    if (this.loseOnce && matches(this.loseOnce, method, pathname)) {
      this.loseOnce = null;
      lost = true;
    }
    if (this.lose && matches(this.lose, method, pathname)) {
      lost = true;
      if (this.lose.times !== undefined && --this.lose.times <= 0) this.lose = null;
    }
    let delayMs = 0;
    if (this.delayOnce && pathMatches(this.delayOnce.path, pathname)) {
      delayMs = this.delayOnce.ms;
      this.delayOnce = null;
    }
    if (this.slow && matches(this.slow, method, pathname)) delayMs = Math.max(delayMs, this.slow.delayMs());
    return { lost, delayMs };
  }
}
