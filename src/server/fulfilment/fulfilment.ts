import type { FastifyBaseLogger } from 'fastify';
import type { FulfilmentConfig } from '../config';
import type { Db } from '../db/client';
import type { Mailer } from '../email/mailer';
import type { Shop } from '../email/templates';
import { createDeliverySync } from './delivery-sync';
import type { FulfilmentContext } from './fulfilment-context';
import { fulfilmentJobHandlers } from './fulfilment-jobs';
import type { FulfilmentPanel } from './panel';
import { createSandboxPanel, sandboxComponentServices } from './sandbox-panel';
import { createServiceCache } from './service-cache';
import { createSmmPanel } from './smm-panel';

/** The delivery side, as FULFILMENT_PROVIDER says (issue 11): its context, job handlers and status sync. */
export function createFulfilment(deps: {
  config: FulfilmentConfig;
  db: Db;
  clock: () => Date;
  log: FastifyBaseLogger;
  mailer: Mailer;
  shop: Shop;
  /** Tests pass their own panel. */
  panel?: FulfilmentPanel;
  /** Wraps the panel chosen (its calls timed and counted: metrics/observed.ts). */
  observe?: (panel: FulfilmentPanel) => FulfilmentPanel;
}) {
  const { config, clock } = deps;
  const chosen =
    deps.panel ??
    (config.provider === 'smm'
      ? createSmmPanel(config.smm)
      : config.provider === 'sandbox'
        ? createSandboxPanel({ seconds: config.sandboxSeconds, clock })
        : null);
  const panel = chosen && deps.observe ? deps.observe(chosen) : chosen;
  const ctx: FulfilmentContext = {
    db: deps.db,
    panel,
    serviceIds: config.services,
    componentServiceIds: panel?.name === 'sandbox' ? sandboxComponentServices : {},
    serviceCache: panel ? createServiceCache(panel, clock) : null,
    brlRate: config.brlRate,
    clock,
    alerts: { to: config.ownerAlertEmail, shop: deps.shop },
    log: deps.log,
  };
  return {
    ctx,
    handlers: fulfilmentJobHandlers(ctx, deps.mailer, deps.shop),
    sync: createDeliverySync(ctx, {
      intervalSeconds: config.syncIntervalSeconds,
      balanceAlert: config.balanceAlert,
    }),
  };
}

export type Fulfilment = ReturnType<typeof createFulfilment>;
