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
    // An unpaid PIX expires after a minute (pix-expiry.spec.ts waits for one).
    PIX_EXPIRY_MINUTES: '1',
  };
}
