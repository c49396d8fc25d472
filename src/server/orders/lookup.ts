import type { FastifyInstance } from 'fastify';
import { messages } from '../../shared/messages';
import { lookupSchema, type LookupOrder, type LookupResponse } from '../../shared/schemas/lookup';
import type { Db } from '../db/client';
import type { OrderRow } from '../db/schema';
import { AppError } from '../errors';
import { validate } from '../http/validate';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { judgedAttempt } from '../rate-limit/judged-attempt';
import type { FloodWatch } from '../owner-alerts/flood-watch';
import { orderTokenLifetimes, type OrderAccess } from './order-capability';
import { toOrderView } from './order-view';
import { ordersRepo } from './orders.repo';

export interface LookupLimits {
  perIpPer15Min: number;
  perEmailPer15Min: number;
}

function toLookupOrder(order: OrderRow, orderToken: string): LookupOrder {
  const view = toOrderView(order);
  return {
    id: view.id,
    orderToken,
    purchaseCode: view.purchaseCode,
    service: view.service,
    planId: view.planId,
    instagram: view.instagram,
    status: view.status,
    quantity: view.quantity,
    totalCents: view.totalCents,
    createdAt: view.createdAt,
    paymentMethod: view.paymentMethod,
    paymentStatus: view.paymentStatus,
    addOns: view.addOns,
    note: order.note,
  };
}

/**
 * POST /api/orders/lookup (docs/product.md#order-lookup): e-mail + purchase code. A monthly plan's
 * code also lists the plan's other months. The answer is the same whether or not the e-mail exists.
 * Attempts count against the client, and against the client with that e-mail, never against the e-mail
 * alone: strangers' failures cannot keep the buyer from their own lookup (ADR 041), and failures with one
 * e-mail from many clients reach the owner. Each order comes with a token for its page's writes: e-mail +
 * code is the proof those want (ADR 026).
 */
export async function lookupRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    rateLimiter: RateLimiter;
    limits: LookupLimits;
    access: OrderAccess;
    floods: FloodWatch;
  },
) {
  const { db, rateLimiter, limits } = deps;
  const window = 15 * 60;
  app.post('/api/orders/lookup', { bodyLimit: 4 * 1024 }, async (request, reply) => {
    const client = rateLimiter.clientKey(request.ip);
    const { email, code } = validate(lookupSchema, request.body);
    let found: OrderRow[] = [];
    const right = await judgedAttempt(
      rateLimiter,
      [
        { key: `lookup-email:${rateLimiter.clientKey(email)}:${client}`, limit: limits.perEmailPer15Min },
        { key: `lookup-ip:${client}`, limit: limits.perIpPer15Min },
      ],
      window,
      'lookup_rate_limited',
      async () => {
        found = await ordersRepo.findForLookup(db, code, email);
        return found.length > 0;
      },
    );
    if (!right) {
      await deps.floods('lookups', email, email);
      throw new AppError('not_found', 'lookup_not_found', messages.lookup_not_found);
    }
    const body: LookupResponse = {
      success: true,
      pedidos: found.map((order) =>
        toLookupOrder(order, deps.access.token(order.id, orderTokenLifetimes.lookup)),
      ),
    };
    return reply.header('cache-control', 'no-store').send(body);
  });
}
