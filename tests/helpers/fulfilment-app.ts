import { eq } from 'drizzle-orm';
import { deliveries, orders, outboxEmails } from '#server/db/schema/index.ts';
import type { Database } from '#server/db/client.ts';
import type { FulfilmentPanel } from '#server/fulfilment/panel.ts';
import { createSmmPanel } from '#server/fulfilment/smm-panel.ts';
import type { CreateOrderRequest } from '#shared/schemas/checkout.ts';
import { smmPanelEnv, startFakeSmmPanel, type FakeSmmPanel } from '../fake-smm/fake-smm-panel';
import { newKey, orderRequest } from './order-request';
import { createTestApp, type TestApp } from './test-app';

export interface FulfilmentTestApp {
  app: TestApp;
  panel: FakeSmmPanel;
  /** The test's clock: move it with `advance`. */
  now(): Date;
  advance(ms: number): void;
  /** A sandbox PIX order, paid: its deliveries exist. */
  paidOrder(overrides?: Partial<CreateOrderRequest>): Promise<string>;
  deliveriesOf(orderId: string): Promise<(typeof deliveries.$inferSelect)[]>;
  orderRow(orderId: string): Promise<typeof orders.$inferSelect>;
  emailsTo(to: string): Promise<(typeof outboxEmails.$inferSelect)[]>;
  close(): Promise<void>;
}

/** The app delivering through the fake SMM panel (FULFILMENT_PROVIDER=smm), sandbox payments, a test clock. */
export async function startFulfilmentTestApp(
  env: Record<string, string> = {},
  options: {
    database?: Database;
    wrapPanel?: (panel: FulfilmentPanel) => FulfilmentPanel;
    panel?: FakeSmmPanel;
  } = {},
): Promise<FulfilmentTestApp> {
  const panel = options.panel ?? (await startFakeSmmPanel());
  let now = Date.parse('2026-11-23T15:00:00Z');
  const clock = () => new Date(now);
  const config = {
    ...smmPanelEnv(panel),
    SMM_TIMEOUT_MS: '2000',
    OWNER_ALERT_EMAIL: 'dona@impulso.example',
    ...env,
  };
  const wrapped = options.wrapPanel?.(
    createSmmPanel({ apiUrl: panel.url, apiKey: panel.apiKey, timeoutMs: Number(config.SMM_TIMEOUT_MS) }),
  );
  const app = await createTestApp(config, {
    clock,
    ...(wrapped ? { fulfilmentPanel: wrapped } : {}),
    ...(options.database ? { database: options.database } : {}),
  });
  const db = app.database.db;
  return {
    app,
    panel,
    now: clock,
    advance: (ms) => void (now += ms),
    async paidOrder(overrides = {}) {
      const res = await app.server.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { 'idempotency-key': newKey() },
        payload: orderRequest(overrides),
      });
      if (res.statusCode !== 201) throw new Error(`order not created: ${res.body}`);
      const { order, payment } = res.json();
      const paid = await app.server.inject({
        method: 'POST',
        url: `/api/sandbox/payments/${payment.id}/confirm`,
      });
      if (paid.statusCode !== 200) throw new Error(`not paid: ${paid.body}`);
      return order.id as string;
    },
    deliveriesOf: (orderId) =>
      db
        .select()
        .from(deliveries)
        .where(eq(deliveries.orderId, orderId))
        .orderBy(deliveries.dueAt, deliveries.itemKey),
    orderRow: async (orderId) => (await db.select().from(orders).where(eq(orders.id, orderId)))[0]!,
    emailsTo: (to) => db.select().from(outboxEmails).where(eq(outboxEmails.to, to)),
    async close() {
      await app.close();
      if (!options.panel) await panel.close();
    },
  };
}
