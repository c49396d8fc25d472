import { defineConfig, devices } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { e2eServerEnv, e2eWhatsappEnv } from './e2e/server-env';

const port = Number(process.env.E2E_PORT ?? 3210);
// Set by chaos/proxy.mjs: the journeys run against a shop it started (nginx with TLS in front of two
// instances), so no server of our own and the proof's self-signed certificate is accepted.
const externalBaseUrl = process.env.E2E_BASE_URL;
// A throw-away data directory per run: the built app on a fresh embedded database.
// Workers load this file again: they inherit the directory the main process made.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'impulso-e2e-'));
// The server's log goes to a file that the teardown greps for card data
// (docs/product.md#cards-and-instalments).
mkdirSync('test-results', { recursive: true });
const serverLog = process.env.E2E_SERVER_LOG ?? path.resolve('test-results/e2e-server.log');
// E-mails go over SMTP to e2e/mail-sink.mjs, which writes them here for journeys that follow a link.
const mailLog = path.join(dataDir, 'mail.jsonl');
const smtpPort = port + 1;
// WhatsApp through the fake Cloud API (e2e/fake-whatsapp.ts), which logs each message it sends here.
const whatsappLog = path.join(dataDir, 'whatsapp.jsonl');
const whatsapp = e2eWhatsappEnv({ port: port + 2, appPort: port, log: whatsappLog });
process.env.E2E_DATA_DIR = dataDir;
// The operator is made with admin:create and this password before the server starts (a password the owner
// chose: no forced change); chaos/proxy.mjs hands its own over. Workers inherit it.
process.env.E2E_ADMIN_PASSWORD ??= `e2e-${randomBytes(12).toString('base64url')}`;
const adminPassword = process.env.E2E_ADMIN_PASSWORD;
process.env.E2E_SERVER_LOG = serverLog;
process.env.E2E_MAIL_LOG = mailLog;
process.env.E2E_WHATSAPP_LOG = whatsappLog;

// Debian's Chromium without the browser's UI (chromium-headless-shell, Chromium's old headless mode): the
// journeys in about 0.6× the full browser's time, 14 runs and more in a row without a failure
// (docs/architecture.md#test-time). CHROME_PATH=/usr/bin/chromium runs them in the full browser.
const headlessShell = '/usr/bin/chromium-headless-shell';
const chromePath =
  process.env.CHROME_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');

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
  // E2E_WORKERS: to measure more on a quiet machine (docs/architecture.md#test-time).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // No retry, in CI either: a test that passes only the second time is a bug to fix at its root.
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  outputDir: 'test-results/e2e',
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/playwright.json' }]] : 'list',
  use: {
    baseURL: externalBaseUrl ?? `http://127.0.0.1:${port}`,
    ignoreHTTPSErrors: externalBaseUrl !== undefined,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // A failed test keeps its trace (every action with its log, the network, the console) and a screenshot.
    // The trace's screencast and DOM snapshots of every action cost a fifth of the run, for every test
    // that passes (docs/architecture.md#test-time).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromePath, args: chromiumArgs },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, grepInvert: /@mobile/ },
    { name: 'mobile', use: { ...devices['Pixel 7'], channel: undefined }, grep: /@mobile/ },
  ],
  webServer: externalBaseUrl
    ? undefined
    : [
        {
          // Up before the app, so its first message finds it (Playwright starts these in order).
          command: 'node --import tsx e2e/fake-whatsapp.ts',
          // Any answer will do (without the token it is 401, as Meta's).
          url: `${whatsapp.WHATSAPP_API_URL}/${whatsapp.WHATSAPP_PHONE_NUMBER_ID}`,
          reuseExistingServer: false,
          timeout: 60_000,
          stdout: 'pipe',
          env: whatsapp,
        },
        {
          // Both in one process group, which Playwright ends together.
          command:
            `node e2e/mail-sink.mjs & node --import tsx e2e/migrated-data-dir.ts "${dataDir}" && ` +
            `node dist/server/admin-create.js --email=dona@impulso.example ` +
            `--password=${adminPassword} > "${serverLog}" 2>&1 && node dist/server/main.js >> "${serverLog}" 2>&1`,
          url: `http://127.0.0.1:${port}/api/health`,
          reuseExistingServer: false,
          // An upper bound on waiting for /api/health, not a wait: on a loaded 2-core machine admin:create and the
          // first start (migrating a new data directory) took over 60 s.
          timeout: 180_000,
          stdout: 'pipe',
          env: {
            PORT: String(port),
            HOST: '127.0.0.1',
            DATA_DIR: dataDir,
            ...e2eServerEnv({ smtpPort, mailLog }),
            ...whatsapp,
          },
        },
      ],
});
