import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import type { RateLimiter } from './rate-limit/rate-limiter';
import { healthRoutes } from './health/health.routes';
import { catalogueRoutes } from './catalogue/catalogue.routes';
import { analyticsRoutes } from './analytics/analytics.routes';
import { consentRoutes } from './analytics/consent.routes';
import { pagesRoutes } from './pages/pages.routes';
import { ordersRoutes } from './orders/orders.routes';
import { accountsRoutes } from './accounts/accounts.routes';
import { adminRoutes } from './admin/admin.routes';
import { fiscalFor } from './invoices/fiscal-asaas';
import { adminSessionRoutes } from './admin/admin-session.routes';
import { createAccountsService } from './accounts/accounts.service';
import { privacyRoutes } from './privacy/privacy.routes';
import { privacyConfirmRoutes } from './privacy/privacy-requests.routes';
import type { PrivacyRequests } from './privacy/privacy-requests';
import type { Coupons } from './coupons/coupons.service';
import { lookupRoutes } from './orders/lookup';
import type { OrdersService } from './orders/orders.service';
import type { OrderAccess } from './orders/order-capability';
import type { OrderProof } from './orders/order-proof';
import type { FloodWatch } from './owner-alerts/flood-watch';
import type { KnownDevice } from './accounts/known-device';
import { qrCodeRoutes } from './payments/qr-code.routes';
import { subscriptionSinks } from './subscriptions/subscription-sinks';
import { registerProviderRoutes } from './payments/provider-registry';
import type { PaymentProvider } from './payments/payment-provider';
import type { Fulfilment } from './fulfilment/fulfilment';
import { fulfilmentRoutes } from './fulfilment/fulfilment.routes';
import { planRoutes } from './subscriptions/plan.routes';
import { sandboxFulfilmentRoutes } from './fulfilment/sandbox-fulfilment.routes';
import { orderUrl, type Shop } from './email/templates';
import { staticFiles } from './pages/static-files';
import type { CatalogueStore } from './catalogue/catalogue-store';
import type { ShopClaimsStore } from './shop-claims/shop-claims-store';
import { runDoctor } from './doctor/run-doctor';
import { runningShopGoLive } from './doctor/go-live-check';
import type { Metrics } from './metrics/metrics';
import { observed } from './metrics/observed';
import { whatsappWebhookRoutes } from './whatsapp/whatsapp-webhook.routes';

/** What the routes serve: the parts app.ts builds. */
export interface AppParts {
  config: Readonly<Config>;
  database: Database;
  clock: () => Date;
  rateLimiter: RateLimiter;
  provider: PaymentProvider;
  shopLinks: Shop;
  orderAccess: OrderAccess;
  orderProof: OrderProof;
  floods: FloodWatch;
  knownDevice: KnownDevice;
  orders: OrdersService;
  coupons: Coupons;
  privacyRequests: PrivacyRequests;
  fulfilment: Fulfilment;
  catalogue: CatalogueStore;
  claims: ShopClaimsStore;
  metrics: Metrics;
  /** Where e-mails go: SMTP, or the outbox table the panel's "E-mails enviados" reads. */
  mailerKind: 'smtp' | 'outbox';
  web?: { clientDir: string; ssrEntryFile: string };
  initialPasswordFile?: string;
}

/** Every route of the app, API and pages, on the parts given (part of the composition root). */
export async function registerRoutes(server: FastifyInstance, parts: AppParts) {
  const { config, database, clock, rateLimiter, provider, shopLinks, orderAccess, orderProof, orders } =
    parts;
  const { coupons, privacyRequests, fulfilment, catalogue, claims, metrics, floods } = parts;
  const db = database.db;
  await server.register(ordersRoutes, {
    db,
    clock,
    service: orders,
    access: orderAccess,
    proof: orderProof,
  });
  await server.register(lookupRoutes, {
    db,
    rateLimiter,
    limits: config.lookupLimits,
    access: orderAccess,
    floods,
  });
  await server.register(qrCodeRoutes, { db });
  await registerProviderRoutes(server, provider, config, {
    db,
    clock,
    sinks: subscriptionSinks,
    proveOrder: orderProof.require,
  });
  await server.register(accountsRoutes, {
    db,
    service: createAccountsService({
      db,
      clock,
      shop: shopLinks,
      reservedEmails: config.reservedEmails,
      rateLimiter,
      emailsPerHour: config.abuseLimits.accountEmailsPerHour,
      floods,
    }),
    rateLimiter,
    limits: config.abuseLimits,
    clock,
    knownDevice: parts.knownDevice,
  });
  await server.register(privacyRoutes, {
    db,
    clock,
    rateLimiter,
    limits: config.abuseLimits,
    shopName: config.shop.name,
  });
  await server.register(adminSessionRoutes, {
    db,
    clock,
    adminEmail: config.adminEmail,
    rateLimiter,
    alert: { to: config.fulfilment.ownerAlertEmail, shop: shopLinks },
  });
  // NFS-e settings calls go through the providers' wrapper too (a WhatsApp client would, the same way).
  const fiscal = fiscalFor(config);
  await server.register(adminRoutes, {
    db,
    clock,
    adminEmail: config.adminEmail,
    provider,
    fulfilment: fulfilment.ctx,
    chargeWhatsapp: orders.chargeWhatsapp,
    orderLink: (orderId) => orderUrl(shopLinks, orderId),
    coupons,
    privacyRequests,
    catalogue,
    doctor: {
      rateLimiter,
      run: (send) =>
        runDoctor({ config, database, fulfilment: fulfilment.ctx, goLive: runningShopGoLive(config), send }),
    },
    claims,
    fiscal: fiscal && observed(fiscal, 'asaas_fiscal', metrics),
    shopName: config.shop.name,
    requireTwoFactor: config.env === 'production',
    whatsappEnabled: config.whatsapp !== null,
    mailerKind: parts.mailerKind,
    ...(parts.initialPasswordFile ? { initialPasswordFile: parts.initialPasswordFile } : {}),
  });
  await server.register(privacyConfirmRoutes, { requests: privacyRequests, rateLimiter });
  await server.register(fulfilmentRoutes, { ctx: fulfilment.ctx, proveOrder: orderProof.require });
  await server.register(planRoutes, { db, provider, clock, proveOrder: orderProof.require });
  if (fulfilment.ctx.panel?.name === 'sandbox')
    await server.register(sandboxFulfilmentRoutes, {
      ctx: fulfilment.ctx,
      seconds: config.fulfilment.sandboxSeconds,
      proveOrder: orderProof.require,
    });
  // WhatsApp messages (docs/whatsapp.md): the webhook exists only when they are on.
  if (config.whatsapp) await server.register(whatsappWebhookRoutes, { db, clock, ...config.whatsapp });
  await server.register(healthRoutes, { ping: database.ping });
  await server.register(catalogueRoutes, { catalogue });
  await server.register(consentRoutes);
  await server.register(analyticsRoutes, {
    db,
    rateLimiter,
    eventsPerMinute: config.eventsPerMinute,
    clock,
    catalogue,
  });
  if (parts.web) {
    await server.register(staticFiles, { clientDir: parts.web.clientDir });
    await server.register(pagesRoutes, {
      ...parts.web,
      shop: config.shop,
      clock,
      catalogue: catalogue.current,
      claims: claims.current,
    });
  }
}
