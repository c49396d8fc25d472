import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import type { MessageCode } from '../../shared/messages';
import { AppError } from '../errors';
import { rateLimitsRepo } from './rate-limits.repo';

export interface RateLimiter {
  /**
   * Counts one hit on `key`; over `limit`, throws a 429 AppError with the seconds left and the pt-BR
   * message of `code`.
   */
  hit(key: string, limit: number, windowSeconds: number, code?: MessageCode): Promise<void>;
  /** Counts one on `key` in its window, with no limit; returns the window's count. */
  add(key: string, windowSeconds: number): Promise<number>;
  /** The count on `key` in the current window (nothing counted). */
  count(key: string, windowSeconds: number): Promise<number>;
  /** Turns a client IP into a key part without keeping the IP itself. */
  clientKey(ip: string): string;
  purgeExpired(): Promise<void>;
}

/** The fixed window holding `nowMs`, and the seconds left in it (at least 1). */
export function fixedWindow(nowMs: number, windowSeconds: number) {
  const windowMs = windowSeconds * 1000;
  const start = new Date(Math.floor(nowMs / windowMs) * windowMs);
  return { start, secondsLeft: Math.max(1, Math.ceil((start.getTime() + windowMs - nowMs) / 1000)) };
}

/** Fixed-window counters in the database, so every app instance shares them. */
export function createRateLimiter(
  db: Db,
  clock: () => Date,
  secret = randomBytes(32).toString('hex'),
): RateLimiter {
  return {
    async hit(key, limit, windowSeconds, code = 'rate_limited') {
      const { start: windowStart, secondsLeft } = fixedWindow(clock().getTime(), windowSeconds);
      if ((await rateLimitsRepo.hit(db, key, windowStart)) > limit) {
        throw new AppError('rate_limited', code, undefined, { retryAfterSeconds: secondsLeft });
      }
    },
    add(key, windowSeconds) {
      return rateLimitsRepo.hit(db, key, fixedWindow(clock().getTime(), windowSeconds).start);
    },
    count(key, windowSeconds) {
      return rateLimitsRepo.get(db, key, fixedWindow(clock().getTime(), windowSeconds).start);
    },
    clientKey(ip) {
      return createHmac('sha256', secret).update(ip).digest('base64url').slice(0, 22);
    },
    async purgeExpired() {
      // Windows here are at most an hour long.
      await rateLimitsRepo.purgeBefore(db, new Date(clock().getTime() - 3_600_000));
    },
  };
}
