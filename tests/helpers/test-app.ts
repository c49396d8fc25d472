import { loadConfig, type Config } from '#server/config.ts';
import { buildApp, type App } from '#server/app.ts';
import type { Database } from '#server/db/client.ts';
import { createTestDatabase } from './test-database';
import type { PaymentProvider } from '#server/payments/payment-provider.ts';
import type { FulfilmentPanel } from '#server/fulfilment/panel.ts';
import { testOrderLinkSecret } from './order-request';

export interface TestApp extends App {
  database: Database;
  config: Readonly<Config>;
  close(): Promise<void>;
}

/**
 * The abuse limits of issue 9 §4 are far above what a test file sends from its one address, unless the
 * test is about them (tests/security/abuse-limits.test.ts passes the defaults back).
 */
export const relaxedLimits = {
  ORDERS_LIMIT_PER_IP: '100000',
  UNPAID_ORDERS_LIMIT_PER_EMAIL: '100000',
  COUPON_CHECKS_PER_IP: '100000',
  CARD_ATTEMPTS_PER_IP: '100000',
  CARD_DECLINES_PER_ORDER: '100000',
  ACCOUNT_EMAILS_PER_HOUR: '100000',
  ORDER_WRITES_PER_ORDER: '100000',
  ORDER_WRITES_PER_IP: '100000',
};

export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    clock?: () => Date;
    database?: Database;
    paymentProvider?: PaymentProvider;
    fulfilmentPanel?: FulfilmentPanel;
    logStream?: { write(line: string): void };
    web?: { clientDir: string; ssrEntryFile: string };
    initialPasswordFile?: string;
  } = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ORDER_LINK_SECRET: testOrderLinkSecret,
    ...relaxedLimits,
    ...env,
  });
  const database = options.database ?? (await createTestDatabase());
  const app = await buildApp({
    config,
    database,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.paymentProvider ? { paymentProvider: options.paymentProvider } : {}),
    ...(options.fulfilmentPanel ? { fulfilmentPanel: options.fulfilmentPanel } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.web ? { web: options.web } : {}),
    ...(options.initialPasswordFile ? { initialPasswordFile: options.initialPasswordFile } : {}),
  });
  await app.server.ready();
  return {
    ...app,
    database,
    config,
    async close() {
      await app.server.close();
      app.mailer.close();
      if (!options.database) await database.close();
    },
  };
}
