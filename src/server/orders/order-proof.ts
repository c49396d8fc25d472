import type { FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { normalisePurchaseCode } from '../../shared/orders';
import { isId } from '../../shared/schemas/ids';
import { sessionToken } from '../accounts/session';
import { signedIn } from '../accounts/signed-in';
import type { AbuseLimits } from '../config';
import type { Db } from '../db/client';
import type { OrderRow } from '../db/schema';
import { AppError } from '../errors';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { orderTokenLifetimes, type OrderAccess } from './order-capability';
import { ordersRepo } from './orders.repo';

const sameCode = (given: string, code: string) => {
  const a = Buffer.from(normalisePurchaseCode(given));
  const b = Buffer.from(code);
  return a.length === b.length && timingSafeEqual(a, b);
};

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * The proof a write on `/api/orders/{id}/…` needs (ADR 026), since the order id alone travels in
 * e-mails, browser history and screenshots: an `X-Order-Token` signed for this order, the order's
 * purchase code in `X-Purchase-Code`, or the session of the account that placed it. Answers the order
 * and a fresh token for the page to keep; refuses with 403 `order_proof_required`.
 */
export function createOrderProof(deps: {
  db: Db;
  rateLimiter: RateLimiter;
  access: OrderAccess;
  clock: () => Date;
  /** A buyer writes a few times (pay again, fix a link, a retry); a script many. Numbers in ADR 026. */
  limits: Pick<
    AbuseLimits,
    'orderWritesPerOrder' | 'orderWritesPerIp' | 'orderCodesPerOrder' | 'orderCodesPerIp'
  >;
}) {
  const { db, rateLimiter, access, limits } = deps;
  const tenMinutes = 600;
  const fifteenMinutes = 900;

  async function proved(request: FastifyRequest, order: OrderRow): Promise<boolean> {
    const token = header(request, 'x-order-token');
    if (token && access.verify(token, order.id)) return true;
    const code = header(request, 'x-purchase-code');
    if (code !== undefined) {
      // Every attempt counts, right or wrong: a locked-out guesser learns nothing from a right guess.
      const ip = rateLimiter.clientKey(request.ip);
      await rateLimiter.hit(
        `order-code:${order.id}`,
        limits.orderCodesPerOrder,
        fifteenMinutes,
        'order_code_limited',
      );
      await rateLimiter.hit(
        `order-code-ip:${ip}`,
        limits.orderCodesPerIp,
        fifteenMinutes,
        'order_code_limited',
      );
      if (code.length <= 40 && sameCode(code, order.purchaseCode)) return true;
      throw new AppError('forbidden', 'order_code_wrong');
    }
    return bySession(request, order);
  }

  async function bySession(request: FastifyRequest, order: OrderRow): Promise<boolean> {
    // Only a request that carries a session cookie pays for the session lookup.
    if (!sessionToken(request)) return false;
    const who = await signedIn(db, request, deps.clock());
    if (who?.kind === 'account') return order.userId === who.user.id;
    if (who?.kind === 'standIn') return who.standIn.orderIds.includes(order.id);
    return false;
  }

  return {
    /**
     * A read that shows what only the order's buyer may see (the invoice's links): the kept token or the
     * account's session, nothing counted; a purchase code goes through `require`.
     */
    async sees(request: FastifyRequest, order: OrderRow): Promise<boolean> {
      const token = header(request, 'x-order-token');
      if (token && access.verify(token, order.id)) return true;
      return bySession(request, order);
    },
    /** Counts the write, checks the proof; the order and a fresh 24-hour token. */
    async require(
      request: FastifyRequest,
      orderId: string,
    ): Promise<{ order: OrderRow; orderToken: string }> {
      if (!isId(orderId)) throw new AppError('not_found', 'order_not_found');
      await rateLimiter.hit(
        `order-writes:${orderId}`,
        limits.orderWritesPerOrder,
        tenMinutes,
        'order_writes_limited',
      );
      await rateLimiter.hit(
        `order-writes-ip:${rateLimiter.clientKey(request.ip)}`,
        limits.orderWritesPerIp,
        tenMinutes,
        'order_writes_limited',
      );
      const order = await ordersRepo.findById(db, orderId);
      if (!order) throw new AppError('not_found', 'order_not_found');
      if (!(await proved(request, order))) throw new AppError('forbidden', 'order_proof_required');
      return { order, orderToken: access.token(order.id, orderTokenLifetimes.session) };
    },
  };
}

export type OrderProof = ReturnType<typeof createOrderProof>;
