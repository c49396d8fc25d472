import type { FastifyBaseLogger } from 'fastify';
import { createKnownDevice } from './accounts/known-device';
import type { Config } from './config';
import type { Db } from './db/client';
import { createOrderAccess, newOrderLinkSecret, orderTokenLifetimes } from './orders/order-capability';
import { createOrderProof } from './orders/order-proof';
import { serverSecretsRepo } from './orders/server-secrets.repo';
import { createFloodWatch } from './owner-alerts/flood-watch';
import type { RateLimiter } from './rate-limit/rate-limiter';

/**
 * What proves an order or an account's device, built on the secrets every instance shares (part of the
 * composition root, ADR 026, ADR 041): set in the configuration, or made once and kept in the database,
 * since a per-start secret would void every e-mailed link and known device at each deploy.
 */
export async function buildProofs(deps: {
  config: Readonly<Config>;
  db: Db;
  rateLimiter: RateLimiter;
  clock: () => Date;
  log: FastifyBaseLogger;
}) {
  const { config, db, rateLimiter, clock } = deps;
  const secret = (name: string) => serverSecretsRepo.getOrCreate(db, name, newOrderLinkSecret);
  const orderAccess = createOrderAccess(config.orderLinkSecret ?? (await secret('order_link')), clock);
  const shopLinks = {
    name: config.shop.name,
    publicUrl: config.publicUrl,
    orderToken: (orderId: string) => orderAccess.token(orderId, orderTokenLifetimes.email),
  };
  // Failures aimed at one order or address from many clients: seen by the owner, never a lock-out.
  const floods = createFloodWatch({
    db,
    rateLimiter,
    clock,
    alerts: { to: config.fulfilment.ownerAlertEmail, shop: shopLinks },
    warn: (fields, message) => deps.log.warn(fields, message),
  });
  const orderProof = createOrderProof({
    db,
    rateLimiter,
    access: orderAccess,
    clock,
    floods,
    limits: config.abuseLimits,
  });
  const knownDevice = createKnownDevice(await secret('known_device'));
  return { orderAccess, shopLinks, floods, orderProof, knownDevice };
}
