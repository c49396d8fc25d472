import { randomBytes } from 'node:crypto';
import { defaultGraphApiVersion } from '#server/whatsapp/graph-api-versions.ts';

/**
 * The environment of the app under the e2e journeys: playwright.config.ts starts one instance with it,
 * chaos/proxy.mjs two behind nginx.
 */
export function e2eServerEnv(options: { smtpPort: number; mailLog: string }): Record<string, string> {
  return {
    LOG_LEVEL: 'info',
    EVENTS_RATE_LIMIT_PER_MINUTE: '10000',
    // Every journey runs from one address with a few e-mails; the limits are proven in tests/security.
    ORDERS_LIMIT_PER_IP: '10000',
    UNPAID_ORDERS_LIMIT_PER_EMAIL: '10000',
    CARD_ATTEMPTS_PER_IP: '10000',
    ACCOUNT_EMAILS_PER_HOUR: '10000',
    GTM_ID: 'GTM-E2ETEST',
    UNAVAILABLE_PACKAGES: 'views-4000',
    ADMIN_EMAIL: 'dona@impulso.example',
    SMTP_URL: `smtp://127.0.0.1:${options.smtpPort}`,
    E2E_SMTP_PORT: String(options.smtpPort),
    E2E_MAIL_LOG: options.mailLog,
    // Tests that exercise per-IP limits send their own X-Forwarded-For, as a proxy would.
    TRUST_PROXY: '1',
    // Deliveries through the simulated panel finish in 30 s (fulfilment.spec.ts watches one).
    SANDBOX_FULFILMENT_SECONDS: '30',
    // Journeys wait for e-mails, WhatsApp messages, deliveries and expiries, each a job: a look every half
    // second instead of every two (docs/architecture.md#test-time).
    JOBS_INTERVAL_MS: '500',
    // An unpaid PIX expires after a minute (pix-expiry.spec.ts reads the countdown, then brings the
    // deadline forward through the sandbox).
    PIX_EXPIRY_MINUTES: '1',
    // A plan's month notices leave at any hour: the journeys run at any hour (plan-months.spec.ts).
    PLAN_NOTICE_HOUR: '0',
  };
}

/**
 * The run's WhatsApp (docs/whatsapp.md): the app's four settings pointing at the fake Cloud API of
 * e2e/fake-whatsapp.ts, which takes the same ones, its port, the file it logs each message to, and the
 * app's webhook (where it sends the statuses). Fresh secrets each run.
 */
export function e2eWhatsappEnv(options: {
  port: number;
  appPort: number;
  log: string;
}): Record<string, string> {
  return {
    WHATSAPP_API_URL: `http://127.0.0.1:${options.port}/${defaultGraphApiVersion}`,
    WHATSAPP_TOKEN: `EAAG${randomBytes(24).toString('hex')}`,
    WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
    WHATSAPP_APP_SECRET: randomBytes(16).toString('hex'),
    WHATSAPP_VERIFY_TOKEN: randomBytes(16).toString('hex'),
    E2E_WHATSAPP_PORT: String(options.port),
    E2E_WHATSAPP_LOG: options.log,
    E2E_WHATSAPP_WEBHOOK: `http://127.0.0.1:${options.appPort}/api/webhooks/whatsapp`,
  };
}
