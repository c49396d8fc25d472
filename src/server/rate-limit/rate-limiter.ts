import { createHmac, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
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
  /** Takes back one hit on `key` in its current window (an attempt that turned out right). */
  unhit(key: string, windowSeconds: number): Promise<void>;
  /** Counts one on `key` in its window, with no limit; returns the window's count. */
  add(key: string, windowSeconds: number): Promise<number>;
  /** The count on `key` in the current window (nothing counted). */
  count(key: string, windowSeconds: number): Promise<number>;
  /**
   * Turns a client IP (or an e-mail) into a key part without keeping it. An IPv6 client is its /64: one
   * subscriber's network holds 2^64 addresses, so a key per address would be no limit at all.
   */
  clientKey(ip: string): string;
  purgeExpired(): Promise<void>;
}

/** An IPv4 address as it is (also when a dual-stack socket reports it as `::ffff:a.b.c.d`), an IPv6 one as its /64. */
export function clientPart(value: string): string {
  if (value.startsWith('::ffff:') && isIP(value.slice(7)) === 4) return value.slice(7);
  if (isIP(value) !== 6) return value;
  return `${expandIpv6(value).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, `::` filled in (a zone index and a dotted IPv4 tail kept as text). */
function expandIpv6(address: string): string[] {
  const [head = '', tail] = address.split('%')[0]!.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0');
  return [...left, ...fill, ...right].map((group) => group.replace(/^0+(?=.)/, ''));
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
    unhit(key, windowSeconds) {
      return rateLimitsRepo.unhit(db, key, fixedWindow(clock().getTime(), windowSeconds).start);
    },
    add(key, windowSeconds) {
      return rateLimitsRepo.hit(db, key, fixedWindow(clock().getTime(), windowSeconds).start);
    },
    count(key, windowSeconds) {
      return rateLimitsRepo.get(db, key, fixedWindow(clock().getTime(), windowSeconds).start);
    },
    clientKey(ip) {
      return createHmac('sha256', secret).update(clientPart(ip)).digest('base64url').slice(0, 22);
    },
    async purgeExpired() {
      // Windows here are at most an hour long.
      await rateLimitsRepo.purgeBefore(db, new Date(clock().getTime() - 3_600_000));
    },
  };
}
