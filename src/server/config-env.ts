import { z } from 'zod';
import { productIds } from '../shared/catalogue';
import { isAddressOrCidr } from './metrics/address-list';
import { planTermsEnv } from './config-plans';
import { panelMoneyEnv } from './config-panel-money';
import { defaultGraphApiVersion } from './whatsapp/graph-api-versions';

/** `likes-4000`: a product and a quantity (the catalogue itself is in the database, edited in the panel). */
const packageId = new RegExp(`^(${productIds.join('|')})-[1-9][0-9]*$`);

const optionalUrl = z
  .string()
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));

const optionalText = z
  .string()
  .min(1)
  .optional()
  .or(z.literal('').transform(() => undefined));

/** The environment, with a safe default for every key (`npm start` needs no .env); .env.example explains each. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL connections per app instance. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  /** Hops of reverse proxies to trust for the client IP (X-Forwarded-For). 0 = none. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Secret for hashing client IPs into rate-limit keys; generated per start when unset. */
  RATE_LIMIT_SECRET: z.string().min(16).optional(),
  /** HMAC key of the order links' `#acesso=` tokens (ADR 026); unset: one is made and kept in the database. */
  ORDER_LINK_SECRET: z
    .string()
    .min(32)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Bearer token that opens GET /metrics (ADR 038); unset: only METRICS_ALLOW_FROM addresses may scrape. */
  METRICS_TOKEN: z
    .string()
    .min(32)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Addresses (IPs or CIDRs, comma-separated) that may scrape /metrics without the token: the socket's, never X-Forwarded-For. */
  METRICS_ALLOW_FROM: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().refine(isAddressOrCidr, 'IP ou CIDR inválido'))),
  EVENTS_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Order lookups per 15 minutes, per client IP and per e-mail (purchase codes must not be guessable). */
  LOOKUP_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  LOOKUP_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  /** New orders per client IP per 10 minutes, and unpaid orders per buyer e-mail per hour (issue 9 §4). */
  ORDERS_LIMIT_PER_IP: z.coerce.number().int().min(1).default(20),
  UNPAID_ORDERS_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  /** Coupon codes tried per client IP per 10 minutes, quoted or in an order: a buyer tries a few. */
  COUPON_CHECKS_PER_IP: z.coerce.number().int().min(1).default(20),
  /** Card declines per order, and card attempts per client IP per hour: a card-testing oracle stops. */
  CARD_DECLINES_PER_ORDER: z.coerce.number().int().min(1).default(5),
  CARD_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).default(10),
  /**
   * Writes on one order (pay again, fix a link, refill) per 10 minutes, per order and per client IP; and
   * purchase-code attempts on those writes per 15 minutes, per order and per IP (ADR 026).
   */
  ORDER_WRITES_PER_ORDER: z.coerce.number().int().min(1).default(20),
  ORDER_WRITES_PER_IP: z.coerce.number().int().min(1).default(60),
  ORDER_CODES_PER_ORDER: z.coerce.number().int().min(1).default(5),
  ORDER_CODES_PER_IP: z.coerce.number().int().min(1).default(20),
  /** Verification and password-reset e-mails per address per hour. */
  ACCOUNT_EMAILS_PER_HOUR: z.coerce.number().int().min(1).default(3),
  /**
   * Customer sign-ins per 15 minutes: attempts per IP and per account from one IP; failures per account,
   * past which only addresses with no failure in the window may try (ADR 027).
   */
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_LIMIT_PER_ACCOUNT_IP: z.coerce.number().int().min(1).default(10),
  LOGIN_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(50),
  /** smtp(s)://user:pass@host:port — unset: e-mails go to the outbox table. */
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('Impulso <nao-responda@impulso.example>'),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'asaas']).default('sandbox'),
  /** 1: allow the sandbox provider with NODE_ENV=production (a demo shop; docs/product.md#test-mode). */
  ALLOW_SANDBOX_PAYMENTS: z.enum(['0', '1']).default('0'),
  ASAAS_API_URL: z.string().url().default('https://api-sandbox.asaas.com/v3'),
  ASAAS_API_KEY: z.string().optional(),
  // Asaas refuses a webhook token outside 32–255 characters: caught at start, not at the first webhook.
  ASAAS_WEBHOOK_TOKEN: z
    .string()
    .min(32, 'Asaas requires 32 to 255 characters')
    .max(255, 'Asaas requires 32 to 255 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ASAAS_USER_AGENT: z.string().min(1).default('Impulso'),
  /**
   * transparent: the card form on our checkout (SAQ D); hosted: the provider's page (SAQ A).
   * docs/product.md#cards-and-instalments.
   */
  CARD_CHECKOUT: z.enum(['transparent', 'hosted']).default('transparent'),
  /**
   * An unpaid PIX is cancelled at the provider, and its order, after this many minutes (docs/product.md#pix).
   */
  PIX_EXPIRY_MINUTES: z.coerce.number().int().min(1).max(43_200).default(1440),
  /** One reminder e-mail while a PIX is unpaid this many minutes after it was issued. */
  PIX_REMINDER_MINUTES: z.coerce.number().int().min(1).default(60),
  /** How often open payments are checked with the provider (webhooks are the main path). */
  RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(5).default(60),
  /** How often the job runner looks for due jobs (e-mails, deliveries, expiries); the e2e server asks more. */
  JOBS_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(2000),

  SHOP_NAME: z.string().min(1).default('Impulso'),
  SHOP_LEGAL_NAME: z.string().min(1).default('Impulso Marketing Digital LTDA (exemplo)'),
  SHOP_CNPJ: z.string().min(1).default('00.000.000/0001-00'),
  SHOP_ADDRESS: z.string().min(1).default('Av. Exemplo, 1000, Sala 1 – Centro, São Paulo – SP, 01000-000'),
  SHOP_WHATSAPP: z
    .string()
    .regex(/^\d{12,13}$/, 'SHOP_WHATSAPP: digits with country code, e.g. 5511999999999')
    .default('5511999999999'),
  SHOP_SUPPORT_EMAIL: z.string().email().default('suporte@impulso.example'),
  /** The controller's contact for data-subject requests (LGPD), shown on /privacidade; default: support. */
  SHOP_PRIVACY_EMAIL: z.string().email().optional(),
  /** Support hours, one line each, separated by `|`. */
  SHOP_SUPPORT_HOURS: z
    .string()
    .min(1)
    .default('Segunda a sexta: 9h às 18h|Sábado: 9h às 14h|Domingo: apenas emergências'),
  /** Months after which a guest order's personal data is anonymised (LGPD); amounts and dates are kept. */
  RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(24),
  SHOP_REPLY_WITHIN: z.string().min(1).default('Respondemos em até 2 horas no horário de atendimento.'),
  ADMIN_EMAIL: z.string().email().default('admin@impulso.example'),
  PIX_KEY: z.string().min(1).default('pix@impulso.example'),
  /** City printed in the sandbox's PIX codes (BR Code field 60, at most 15 characters). */
  PIX_MERCHANT_CITY: z.string().min(1).default('SAO PAULO'),
  GTM_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]+$/)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  UNAVAILABLE_PACKAGES: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .refine(
      (ids) => ids.every((id) => packageId.test(id)),
      'UNAVAILABLE_PACKAGES: not a package id (e.g. likes-4000)',
    ),
  /** sandbox: the built-in simulated panel · smm: a real SMM panel (API v2) · manual: the operator delivers. */
  FULFILMENT_PROVIDER: z.enum(['sandbox', 'smm', 'manual']).default('sandbox'),
  /** 1: allow the simulated panel with NODE_ENV=production (a demo shop that delivers nothing). */
  ALLOW_SANDBOX_FULFILMENT: z.enum(['0', '1']).default('0'),
  /** How long the simulated panel takes to deliver, pending → in progress → completed. */
  SANDBOX_FULFILMENT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  SMM_API_URL: optionalUrl,
  SMM_API_KEY: z.string().optional(),
  /** The panel's service ids for each product. */
  SMM_SERVICE_FOLLOWERS: z.string().regex(/^\w+$/).optional(),
  SMM_SERVICE_LIKES: z.string().regex(/^\w+$/).optional(),
  SMM_SERVICE_VIEWS: z.string().regex(/^\w+$/).optional(),
  /** Below the job lease (60 s): a job still waiting for the panel is never claimed twice. */
  SMM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(50_000).default(30_000),
  SMM_SYNC_INTERVAL_SECONDS: z.coerce.number().int().min(10).default(600),
  ...panelMoneyEnv,
  /** Where operator alerts go; ADMIN_EMAIL when unset. */
  OWNER_ALERT_EMAIL: z.string().email().optional(),
  /**
   * WhatsApp to buyers by Meta's Cloud API (docs/whatsapp.md): off unless all four secrets below are set.
   */
  WHATSAPP_API_URL: z.string().url().default(`https://graph.facebook.com/${defaultGraphApiVersion}`),
  WHATSAPP_TOKEN: optionalText,
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d+$/, "WHATSAPP_PHONE_NUMBER_ID: the number's id in the Meta app (digits)")
    .optional()
    .or(z.literal('').transform(() => undefined)),
  WHATSAPP_APP_SECRET: optionalText,
  WHATSAPP_VERIFY_TOKEN: optionalText,
  PLAN_LINK_INICIANTE: optionalUrl,
  PLAN_LINK_SIMPLES: optionalUrl,
  PLAN_LINK_AVANCADO: optionalUrl,
  ...planTermsEnv,
});

/** The variables once checked and defaulted. */
export type Env = z.infer<typeof envSchema>;
