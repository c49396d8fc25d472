import type { FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { formatPurchaseCode, normalisePurchaseCode } from '../../shared/orders';
import { isId } from '../../shared/schemas/ids';
import { sessionToken } from '../accounts/session';
import { signedIn } from '../accounts/signed-in';
import type { AbuseLimits } from '../config';
import type { Db } from '../db/client';
import type { OrderRow } from '../db/schema';
import { AppError } from '../errors';
import type { FloodWatch } from '../owner-alerts/flood-watch';
import { judgedAttempt } from '../rate-limit/judged-attempt';
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

/** What a request proves of an order (see `sees`). */
export type OrderSight = 'owner' | 'session' | 'token' | 'stranger';

const tenMinutes = 600;
const fifteenMinutes = 900;

/**
 * The proof an order's writes and its buyer-only reads need (ADR 026, ADR 041), since the order id alone
 * travels in e-mails, browser history and screenshots: an `X-Order-Token` signed for this order, the
 * session of the account that placed it, or its purchase code in `X-Purchase-Code`. A token or session is
 * checked before anything is counted, so strangers' failures never hold a proved buyer back; a typed code
 * counts only against its own client (judged-attempt.ts).
 */
export function createOrderProof(deps: {
  db: Db;
  rateLimiter: RateLimiter;
  access: OrderAccess;
  clock: () => Date;
  floods: FloodWatch;
  /** Numbers and their arithmetic in docs/security.md#guessing-a-purchase-code. */
  limits: Pick<
    AbuseLimits,
    'orderWritesPerOrder' | 'orderWritesPerIp' | 'orderCodesPerOrder' | 'orderCodesPerIp'
  >;
}) {
  const { db, rateLimiter, access, limits } = deps;

  /**
   * The proof a request holds, nothing counted: `owner` for the signed-in account that placed the order
   * with its e-mail verified (it sees its own contact data whole, docs/product.md#order-page), `session`
   * for that account unverified or a lookup's stand-in session, `token` for an `X-Order-Token` signed for
   * the order, `stranger` otherwise.
   */
  async function sees(request: FastifyRequest, order: OrderRow): Promise<OrderSight> {
    // Only a request that carries a session cookie pays for the session lookup.
    if (sessionToken(request)) {
      const who = await signedIn(db, request, deps.clock());
      if (who?.kind === 'account' && order.userId === who.user.id)
        return who.user.emailVerifiedAt ? 'owner' : 'session';
      if (who?.kind === 'standIn' && who.standIn.orderIds.includes(order.id)) return 'session';
    }
    const token = header(request, 'x-order-token');
    return token && access.verify(token, order.id) ? 'token' : 'stranger';
  }

  /** A typed purchase code, judged under its client's limits; a wrong one is 403 `order_code_wrong`. */
  async function typedCode(request: FastifyRequest, order: OrderRow, code: string): Promise<void> {
    const client = rateLimiter.clientKey(request.ip);
    const right = await judgedAttempt(
      rateLimiter,
      [
        { key: `order-code:${order.id}:${client}`, limit: limits.orderCodesPerOrder },
        { key: `order-code-ip:${client}`, limit: limits.orderCodesPerIp },
      ],
      fifteenMinutes,
      'order_code_limited',
      () => code.length <= 40 && sameCode(code, order.purchaseCode),
    );
    if (right) return;
    await deps.floods('order_codes', order.id, formatPurchaseCode(order.purchaseCode));
    throw new AppError('forbidden', 'order_code_wrong');
  }

  /** A request with no proof at all: limited per client (a script replaying ids), then refused. */
  async function unproved(request: FastifyRequest, orderId: string): Promise<never> {
    const client = rateLimiter.clientKey(request.ip);
    await rateLimiter.hit(
      `order-unproved-ip:${client}`,
      limits.orderWritesPerIp,
      tenMinutes,
      'order_writes_limited',
    );
    await rateLimiter.hit(
      `order-unproved:${orderId}:${client}`,
      limits.orderWritesPerOrder,
      tenMinutes,
      'order_writes_limited',
    );
    throw new AppError('forbidden', 'order_proof_required');
  }

  async function findOrder(orderId: string): Promise<OrderRow> {
    const order = isId(orderId) ? await ordersRepo.findById(db, orderId) : undefined;
    if (!order) throw new AppError('not_found', 'order_not_found');
    return order;
  }

  /** The order, proved by a token, the session or a typed code; otherwise a 403 (or 429). */
  async function proved(request: FastifyRequest, orderId: string): Promise<OrderRow> {
    const order = await findOrder(orderId);
    if ((await sees(request, order)) !== 'stranger') return order;
    const code = header(request, 'x-purchase-code');
    if (code === undefined) return unproved(request, order.id);
    await typedCode(request, order, code);
    return order;
  }

  return {
    sees,
    /**
     * A write: the proof, then the proved writes' own count per order (only proved requests fill it);
     * the order and a fresh 24-hour token.
     */
    async require(
      request: FastifyRequest,
      orderId: string,
    ): Promise<{ order: OrderRow; orderToken: string }> {
      const order = await proved(request, orderId);
      await rateLimiter.hit(
        `order-writes:${order.id}`,
        limits.orderWritesPerOrder,
        tenMinutes,
        'order_writes_limited',
      );
      return { order, orderToken: access.token(order.id, orderTokenLifetimes.session) };
    },
    /** "Ver pedido completo": the typed code (or a held proof) turned into the tab's token; nothing written. */
    async unlock(request: FastifyRequest, orderId: string): Promise<{ orderToken: string }> {
      const order = await proved(request, orderId);
      return { orderToken: access.token(order.id, orderTokenLifetimes.session) };
    },
  };
}

export type OrderProof = ReturnType<typeof createOrderProof>;
