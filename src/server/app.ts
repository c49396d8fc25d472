import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pt } from 'zod/locales';
import type { Config } from './config';
import type { Database } from './db/client';
import { httpBasics } from './http/http-basics';
import { createCoupons } from './coupons/coupons.service';
import { privacyRequestsService } from './privacy/privacy-requests';
import { loggerOptions } from './logger';
import { createRateLimiter, type RateLimiter } from './rate-limit/rate-limiter';
import { sessionCookieFor } from './accounts/session';
import { configuredMailer, type Mailer } from './email/mailer';
import { createOrdersService } from './orders/orders.service';
import { createOrderLimits } from './orders/order-limits';
import { createReconciler, type Reconciler } from './payments/reconciliation';
import { subscriptionSinks } from './subscriptions/subscription-sinks';
import { createPaymentProvider } from './payments/provider-registry';
import { createFulfilment, type Fulfilment } from './fulfilment/fulfilment';
import { createAppJobs } from './app-jobs';
import { registerRoutes } from './app-routes';
import { buildProofs } from './app-proofs';
import type { JobRunner } from './jobs/job-queue';
import type { FulfilmentPanel } from './fulfilment/panel';
import type { PaymentProvider } from './payments/payment-provider';
import { cardNeedsAddress } from '../shared/shop';
import { openCatalogueStore, type CatalogueStore } from './catalogue/catalogue-store';
import { openShopClaimsStore, type ShopClaimsStore } from './shop-claims/shop-claims-store';
import { createMetrics, type Metrics } from './metrics/metrics';
import { metricsRoutes } from './metrics/metrics.routes';
import { observed } from './metrics/observed';
import { observedPanel } from './metrics/observed-panel';
import { countOrdersOf } from './metrics/order-counts';

// zod's own messages (a wrong type, say) in Portuguese; our schemas carry the shop's texts
// (src/shared/messages.ts).
z.config(pt());

export interface AppDeps {
  config: Readonly<Config>;
  database: Database;
  clock?: () => Date;
  /** Defaults to the provider named by the configuration. */
  paymentProvider?: PaymentProvider;
  /** Defaults to SMTP when SMTP_URL is set, else the outbox table. */
  mailer?: Mailer;
  /** The built web app; absent in API-only tests. */
  web?: { clientDir: string; ssrEntryFile: string };
  /** Defaults to the panel FULFILMENT_PROVIDER names; tests pass a client of their fake panel. */
  fulfilmentPanel?: FulfilmentPanel;
  /** The first-start operator password file (main.ts writes it), deleted once the operator changes it. */
  initialPasswordFile?: string;
  /** Where log lines go (default stdout); tests read them. */
  logStream?: { write(line: string): void };
}

export interface App {
  server: FastifyInstance;
  rateLimiter: RateLimiter;
  reconciler: Reconciler;
  jobs: JobRunner;
  mailer: Mailer;
  fulfilment: Fulfilment;
  /** start() it to follow other instances' catalogue edits. */
  catalogue: CatalogueStore;
  /** start() it to follow other instances' edits of the shop's numbers. */
  claims: ShopClaimsStore;
  /** What GET /metrics serves: this instance's own registry. */
  metrics: Metrics;
  /** Resolves when no handler is running: a client that hung up does not stop its handler's queries. */
  idle(): Promise<void>;
}

/** The composition root: every dependency is passed in, nothing is read from the environment here. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const clock = deps.clock ?? (() => new Date());
  const server = Fastify({
    logger: { ...loggerOptions(config), ...(deps.logStream ? { stream: deps.logStream } : {}) },
    // Trust exactly TRUST_PROXY hops of X-Forwarded-For (0: the socket address is the client).
    trustProxy: (_address: string, hop: number) => hop < config.trustProxy,
    bodyLimit: 64 * 1024,
    return503OnClosing: true,
    // Registering the pages renders each once (pages/pages.routes.ts): at a load average of 18 on 2 cores
    // that took over Fastify's default 10 s and the e2e server did not start.
    pluginTimeout: 120_000,
  });

  const inFlight = await httpBasics(server, config);
  const metrics = createMetrics();
  metricsRoutes(server, { metrics, database, clock, access: config.metrics });
  countOrdersOf(database.db, (event, method) => metrics.orders[event].inc({ method }));
  server.decorate('sessionCookie', sessionCookieFor(config));

  const rateLimiter = createRateLimiter(database.db, clock, config.rateLimitSecret);
  // Every outside call timed and its failures counted (metrics/observed.ts).
  const chosenProvider = deps.paymentProvider ?? createPaymentProvider(config, clock);
  const paymentProvider = observed(chosenProvider, chosenProvider.name, metrics);
  const chosenMailer = deps.mailer ?? configuredMailer(config, database.db);
  const mailer = chosenMailer.kind === 'smtp' ? observed(chosenMailer, 'smtp', metrics) : chosenMailer;
  const { orderAccess, shopLinks, floods, orderProof, knownDevice } = await buildProofs({
    config,
    db: database.db,
    rateLimiter,
    clock,
    log: server.log,
  });
  const fulfilment = createFulfilment({
    config: config.fulfilment,
    db: database.db,
    clock,
    log: server.log,
    mailer,
    shop: shopLinks,
    ...(deps.fulfilmentPanel ? { panel: deps.fulfilmentPanel } : {}),
    observe: (panel) => observedPanel(panel, metrics),
  });
  const catalogue = await openCatalogueStore(database.db, server.log);
  const claims = await openShopClaimsStore(database.db, server.log);
  const coupons = createCoupons({ db: database.db, clock, catalogue });
  const privacyRequests = privacyRequestsService({ db: database.db, clock, shop: shopLinks });
  const orders = createOrdersService({
    db: database.db,
    provider: paymentProvider,
    clock,
    log: server.log,
    catalogue,
    unavailablePackages: config.shop.unavailablePackages,
    cardCheckout: config.cardCheckout,
    cardNeedsAddress: cardNeedsAddress(config.shop),
    pixExpiryMinutes: config.pix.expiryMinutes,
    shopName: config.shop.name,
    coupons,
    limits: createOrderLimits({ db: database.db, rateLimiter, limits: config.abuseLimits, clock }),
  });
  const jobs = createAppJobs({
    database,
    config,
    mailer,
    shop: shopLinks,
    fulfilment,
    provider: paymentProvider,
    clock,
    log: server.log,
    requestsRunning: inFlight.running,
    observe: (client, provider) => observed(client, provider, metrics),
  });
  const reconciler = createReconciler({
    db: database.db,
    provider: paymentProvider,
    clock,
    log: server.log,
    intervalSeconds: config.reconcileIntervalSeconds,
    sinks: subscriptionSinks,
  });
  await registerRoutes(server, {
    config,
    database,
    clock,
    rateLimiter,
    provider: paymentProvider,
    shopLinks,
    orderAccess,
    orderProof,
    floods,
    knownDevice,
    orders,
    coupons,
    privacyRequests,
    fulfilment,
    catalogue,
    claims,
    metrics,
    mailerKind: mailer.kind,
    ...(deps.web ? { web: deps.web } : {}),
    ...(deps.initialPasswordFile ? { initialPasswordFile: deps.initialPasswordFile } : {}),
  });

  return {
    server,
    rateLimiter,
    reconciler,
    jobs,
    mailer,
    fulfilment,
    catalogue,
    claims,
    metrics,
    idle: inFlight.idle,
  };
}
