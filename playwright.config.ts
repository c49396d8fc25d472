import { defineConfig, devices } from '@playwright/test';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const port = Number(process.env.E2E_PORT ?? 3210);
// A throw-away data directory per run: the built app on a fresh embedded database.
// Workers load this file again: they inherit the directory the main process made.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'impulso-e2e-'));
// The server's log goes to a file that the teardown greps for card data (DECISIONS 16).
mkdirSync('test-results', { recursive: true });
const serverLog = path.resolve('test-results/e2e-server.log');
// E-mails go over SMTP to e2e/mail-sink.mjs, which writes them here for journeys that follow a link.
const mailLog = path.join(dataDir, 'mail.jsonl');
const smtpPort = port + 1;
process.env.E2E_DATA_DIR = dataDir;
process.env.E2E_SERVER_LOG = serverLog;
process.env.E2E_MAIL_LOG = mailLog;

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'e2e',
  globalTeardown: './e2e/global-teardown.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  outputDir: 'test-results/e2e',
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/playwright.json' }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, grepInvert: /@mobile/ },
    { name: 'mobile', use: { ...devices['Pixel 7'], channel: undefined }, grep: /@mobile/ },
  ],
  webServer: {
    // Both in one process group, which Playwright ends together.
    command: `node e2e/mail-sink.mjs & node dist/server/main.js > "${serverLog}" 2>&1`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
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
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      E2E_SMTP_PORT: String(smtpPort),
      E2E_MAIL_LOG: mailLog,
      // Tests that exercise per-IP limits send their own X-Forwarded-For, as a proxy would.
      TRUST_PROXY: '1',
      // Deliveries through the simulated panel finish in 30 s (fulfilment.spec.ts watches one).
      SANDBOX_FULFILMENT_SECONDS: '30',
      // An unpaid PIX expires after a minute (pix-expiry.spec.ts waits for one).
      PIX_EXPIRY_MINUTES: '1',
    },
  },
});
