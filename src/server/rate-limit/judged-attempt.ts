import type { MessageCode } from '../../shared/messages';
import type { RateLimiter } from './rate-limiter';

export interface AttemptLimit {
  key: string;
  limit: number;
}

/**
 * A guess at a secret (a purchase code, e-mail + code) under limits that only its own failures fill
 * (issue 42 §2): each key is counted before the guess is judged, so two at once cannot both slip under a
 * limit, and over any limit the answer is 429 without judging (a locked-out guesser learns nothing). A
 * right guess takes its counts back: the buyer who types the right code is never held back by strangers'
 * wrong ones, only by their own client's. Keys are per client, or per client and order, never per order
 * alone.
 */
export async function judgedAttempt(
  limiter: RateLimiter,
  limits: readonly AttemptLimit[],
  windowSeconds: number,
  code: MessageCode,
  judge: () => Promise<boolean> | boolean,
): Promise<boolean> {
  // A refused attempt stays counted: a client that keeps knocking stays out.
  for (const { key, limit } of limits) await limiter.hit(key, limit, windowSeconds, code);
  const right = await judge();
  if (right) await Promise.all(limits.map(({ key }) => limiter.unhit(key, windowSeconds)));
  return right;
}
