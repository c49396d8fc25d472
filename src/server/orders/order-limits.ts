import type { AbuseLimits } from '../config';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { fixedWindow, type RateLimiter } from '../rate-limit/rate-limiter';
import { orderGate } from './raw-statements.repo';
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
    async newOrder(ip: string, email: string) {
      const now = clock().getTime();
      const window = fixedWindow(now, 600);
      const cap = limits.unpaidOrdersPerEmailPerHour;
      const { ipHits, unpaid } = await orderGate(
        db,
        { key: `orders-ip:${rateLimiter.clientKey(ip)}`, windowStart: window.start },
        { address: email, since: new Date(now - hourMs), cap },
      );
      if (ipHits > limits.ordersPerIpPer10Min) {
        throw new AppError('rate_limited', 'orders_rate_limited', undefined, {
          retryAfterSeconds: window.secondsLeft,
        });
      }
      if (unpaid >= cap) {
        throw new AppError('rate_limited', 'unpaid_orders_limited', undefined, { retryAfterSeconds: 3600 });
      }
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
