import type { AbuseLimits } from '../config';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { fixedWindow, type RateLimiter } from '../rate-limit/rate-limiter';
import { rateLimitsRepo } from '../rate-limit/rate-limits.repo';
import { orderGate } from './order-gate.repo.ts';
import { paymentsRepo } from '../payments/payments.repo';

const hourMs = 3_600_000;

/**
 * Abuse limits on the money routes (issue 9 §4), in the database so every instance shares them: new
 * orders per IP, unpaid orders per e-mail (each one e-mails a receipt), and card attempts per IP and
 * declines per order (a card-testing oracle stops answering, even for a good card).
 */
export function createOrderLimits(deps: {
  db: Db;
  rateLimiter: RateLimiter;
  limits: AbuseLimits;
  clock: () => Date;
}) {
  const { db, rateLimiter, limits, clock } = deps;

  return {
    /**
     * Counts a new order on the IP's 10 minutes and on the e-mail's hour. Unpaid orders per e-mail: the
     * hour's orders less those already paid. Returns `release`, which takes the e-mail's count back when
     * the request turns out to be a replay of an order already counted.
     */
    async newOrder(ip: string, email: string): Promise<{ release(): Promise<void> }> {
      const now = clock().getTime();
      const window = fixedWindow(now, 600);
      const hour = fixedWindow(now, 3600);
      const emailKey = `unpaid-email:${rateLimiter.clientKey(email)}`;
      const release = () => rateLimitsRepo.unhit(db, emailKey, hour.start);
      const { ipHits, emailHits, paid } = await orderGate(
        db,
        { key: `orders-ip:${rateLimiter.clientKey(ip)}`, windowStart: window.start },
        { key: emailKey, address: email, windowStart: hour.start },
      );
      if (ipHits > limits.ordersPerIpPer10Min) {
        await release();
        throw new AppError('rate_limited', 'orders_rate_limited', undefined, {
          retryAfterSeconds: window.secondsLeft,
        });
      }
      if (emailHits - paid > limits.unpaidOrdersPerEmailPerHour) {
        await release();
        throw new AppError('rate_limited', 'unpaid_orders_limited', undefined, {
          retryAfterSeconds: hour.secondsLeft,
        });
      }
      return { release };
    },

    /** A coupon code tried, by a quote or in an order: the same count, so neither door guesses faster. */
    async couponCheck(ip: string) {
      await rateLimiter.hit(`coupons:${rateLimiter.clientKey(ip)}`, limits.couponChecksPerIpPer10Min, 600);
    },

    /** Before card data goes to the provider: per IP, and per order when it has one already. */
    async cardAttempt(ip: string, orderId?: string) {
      await rateLimiter.hit(
        `card-ip:${rateLimiter.clientKey(ip)}`,
        limits.cardAttemptsPerIpPerHour,
        3600,
        'card_attempts_limited',
      );
      if (!orderId) return;
      const since = new Date(clock().getTime() - hourMs);
      if ((await paymentsRepo.countDeclinedSince(db, orderId, since)) >= limits.cardDeclinesPerOrder) {
        throw new AppError('rate_limited', 'card_attempts_limited', undefined, { retryAfterSeconds: 3600 });
      }
    },
  };
}

export type OrderLimits = ReturnType<typeof createOrderLimits>;
