import { goLiveProblems, sampleValueProblems } from './config-go-live';
import { envSchema, type Env } from './config-env';
import type { ShopIdentity } from '../shared/shop';
import { productIds } from '../shared/catalogue';
import { fulfilmentConfigOf, productServices, type FulfilmentConfig } from './config-fulfilment';
import { planTermsOf, type PlanTerms } from './config-plans';
import { whatsappConfigOf, type WhatsappConfig } from './whatsapp/whatsapp-config';

export type { Env, FulfilmentConfig };

export interface AbuseLimits {
  ordersPerIpPer10Min: number;
  unpaidOrdersPerEmailPerHour: number;
  couponChecksPerIpPer10Min: number;
  cardDeclinesPerOrder: number;
  cardAttemptsPerIpPerHour: number;
  accountEmailsPerHour: number;
  /** ADR 026: writes on an order per 10 min, purchase-code attempts per 15 min. */
  orderWritesPerOrder: number;
  orderWritesPerIp: number;
  orderCodesPerOrder: number;
  orderCodesPerIp: number;
  loginPerIpPer15Min: number;
  loginPerAccountIpPer15Min: number;
  loginPerAccountPer15Min: number;
}

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  logLevel: Env['LOG_LEVEL'];
  databaseUrl: string | undefined;
  dataDir: string;
  databasePoolSize: number;
  trustProxy: number;
  rateLimitSecret: string | undefined;
  /** ORDER_LINK_SECRET; undefined: the one kept in the database (ADR 026). */
  orderLinkSecret: string | undefined;
  eventsPerMinute: number;
  /** Who may scrape GET /metrics (ADR 038). */
  metrics: { token: string | undefined; allowFrom: readonly string[] };
  lookupLimits: { perIpPer15Min: number; perEmailPer15Min: number };
  abuseLimits: AbuseLimits;
  paymentProvider: Env['PAYMENT_PROVIDER'];
  smtpUrl: string | undefined;
  mailFrom: string;
  asaas: { apiUrl: string; apiKey: string; webhookToken: string; userAgent: string };
  cardCheckout: Env['CARD_CHECKOUT'];
  reconcileIntervalSeconds: number;
  jobsIntervalMs: number;
  /** RETENTION_MONTHS: guest orders' personal data is anonymised after this (LGPD). */
  retentionMonths: number;
  pix: { expiryMinutes: number; reminderMinutes: number };
  plans: Readonly<PlanTerms>;
  adminEmail: string;
  /** The operator's and the shop's own addresses: nobody can sign up with them (docs/security.md). */
  reservedEmails: readonly string[];
  fulfilment: FulfilmentConfig;
  pixKey: string;
  pixMerchantCity: string;
  shop: ShopIdentity;
  sampleValueProblems: readonly string[];
  /** WhatsApp messages to buyers (docs/whatsapp.md); null: off. */
  whatsapp: Readonly<WhatsappConfig> | null;
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Readonly<Config> {
  const e = parseEnv(source);
  requireAsaasKeys(e);
  if (e.NODE_ENV === 'production') {
    const problems = goLiveProblems(e);
    if (problems.length > 0)
      throw new Error(
        `A configuração não serve para NODE_ENV=production:\n${problems.map((p) => `- ${p}`).join('\n')}`,
      );
  }
  return configFromEnv(e);
}

function requireAsaasKeys(e: Env) {
  if (e.PAYMENT_PROVIDER === 'asaas' && (!e.ASAAS_API_KEY || !e.ASAAS_WEBHOOK_TOKEN)) {
    throw new Error(
      'Invalid configuration: PAYMENT_PROVIDER=asaas needs ASAAS_API_KEY and ASAAS_WEBHOOK_TOKEN',
    );
  }
}

/** The variables, each checked and defaulted; throws one message naming every wrong one. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
}

/**
 * The configuration from checked variables, without the go-live guards: `npm run doctor` reports those
 * as lines of its own and goes on checking the rest.
 */
export function configFromEnv(e: Env): Readonly<Config> {
  requireAsaasKeys(e);
  if (e.FULFILMENT_PROVIDER === 'smm' && (!e.SMM_API_URL || !e.SMM_API_KEY)) {
    throw new Error('Invalid configuration: FULFILMENT_PROVIDER=smm needs SMM_API_URL and SMM_API_KEY');
  }
  const services = productServices(e);
  const planLinks: ShopIdentity['planLinks'] = {};
  if (e.PLAN_LINK_INICIANTE) planLinks.iniciante = e.PLAN_LINK_INICIANTE;
  if (e.PLAN_LINK_SIMPLES) planLinks.simples = e.PLAN_LINK_SIMPLES;
  if (e.PLAN_LINK_AVANCADO) planLinks.avancado = e.PLAN_LINK_AVANCADO;
  const whatsapp = whatsappConfigOf(e);
  return Object.freeze({
    env: e.NODE_ENV,
    sampleValueProblems: sampleValueProblems(e),
    whatsapp,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    trustProxy: e.TRUST_PROXY,
    rateLimitSecret: e.RATE_LIMIT_SECRET,
    orderLinkSecret: e.ORDER_LINK_SECRET,
    eventsPerMinute: e.EVENTS_RATE_LIMIT_PER_MINUTE,
    metrics: { token: e.METRICS_TOKEN, allowFrom: e.METRICS_ALLOW_FROM },
    lookupLimits: { perIpPer15Min: e.LOOKUP_LIMIT_PER_IP, perEmailPer15Min: e.LOOKUP_LIMIT_PER_EMAIL },
    abuseLimits: Object.freeze({
      ordersPerIpPer10Min: e.ORDERS_LIMIT_PER_IP,
      unpaidOrdersPerEmailPerHour: e.UNPAID_ORDERS_LIMIT_PER_EMAIL,
      couponChecksPerIpPer10Min: e.COUPON_CHECKS_PER_IP,
      cardDeclinesPerOrder: e.CARD_DECLINES_PER_ORDER,
      cardAttemptsPerIpPerHour: e.CARD_ATTEMPTS_PER_IP,
      accountEmailsPerHour: e.ACCOUNT_EMAILS_PER_HOUR,
      orderWritesPerOrder: e.ORDER_WRITES_PER_ORDER,
      orderWritesPerIp: e.ORDER_WRITES_PER_IP,
      orderCodesPerOrder: e.ORDER_CODES_PER_ORDER,
      orderCodesPerIp: e.ORDER_CODES_PER_IP,
      loginPerIpPer15Min: e.LOGIN_LIMIT_PER_IP,
      loginPerAccountIpPer15Min: e.LOGIN_LIMIT_PER_ACCOUNT_IP,
      loginPerAccountPer15Min: e.LOGIN_LIMIT_PER_ACCOUNT,
    }),
    paymentProvider: e.PAYMENT_PROVIDER,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    asaas: {
      apiUrl: e.ASAAS_API_URL,
      apiKey: e.ASAAS_API_KEY ?? '',
      webhookToken: e.ASAAS_WEBHOOK_TOKEN ?? '',
      userAgent: e.ASAAS_USER_AGENT,
    },
    cardCheckout: e.CARD_CHECKOUT,
    reconcileIntervalSeconds: e.RECONCILE_INTERVAL_SECONDS,
    jobsIntervalMs: e.JOBS_INTERVAL_MS,
    retentionMonths: e.RETENTION_MONTHS,
    pix: { expiryMinutes: e.PIX_EXPIRY_MINUTES, reminderMinutes: e.PIX_REMINDER_MINUTES },
    plans: planTermsOf(e),
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    reservedEmails: Object.freeze(
      [
        e.ADMIN_EMAIL,
        e.OWNER_ALERT_EMAIL,
        e.SHOP_SUPPORT_EMAIL,
        e.SHOP_PRIVACY_EMAIL,
        /<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM,
      ].flatMap((address) => (address ? [address.trim().toLowerCase()] : [])),
    ),
    fulfilment: fulfilmentConfigOf(e, services),
    pixKey: e.PIX_KEY,
    pixMerchantCity: e.PIX_MERCHANT_CITY,
    shop: Object.freeze({
      name: e.SHOP_NAME,
      legalName: e.SHOP_LEGAL_NAME,
      cnpj: e.SHOP_CNPJ,
      address: e.SHOP_ADDRESS,
      whatsappNumber: e.SHOP_WHATSAPP,
      supportEmail: e.SHOP_SUPPORT_EMAIL,
      privacyEmail: e.SHOP_PRIVACY_EMAIL ?? e.SHOP_SUPPORT_EMAIL,
      supportHours: e.SHOP_SUPPORT_HOURS.split('|')
        .map((line) => line.trim())
        .filter(Boolean),
      replyWithin: e.SHOP_REPLY_WITHIN,
      retentionMonths: e.RETENTION_MONTHS,
      gtmId: e.GTM_ID ?? null,
      planLinks,
      // A product with no panel service is not sold (issue 26): every package of it, e.g. `likes-*`.
      unavailablePackages: Object.freeze([
        ...e.UNAVAILABLE_PACKAGES,
        ...productIds.filter((p) => !services[p]).map((p) => `${p}-*`),
      ]),
      sandbox: e.PAYMENT_PROVIDER === 'sandbox',
      cardCheckout: e.CARD_CHECKOUT,
      whatsappUpdates: whatsapp !== null,
    }),
  });
}
