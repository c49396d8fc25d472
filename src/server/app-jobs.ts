import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { funnelRollupRepo } from './admin/funnel-rollup.repo';
import { ordersRollupRepo } from './admin/orders-rollup.repo';
import { emailJobHandlers, queueOrderReceipts } from './email/email-jobs';
import type { Mailer } from './email/mailer';
import type { Fulfilment } from './fulfilment/fulfilment';
import { alertDeadJob } from './owner-alerts/owner-alerts';
import { ownerAlertJobHandlers } from './owner-alerts/owner-alert-jobs';
import { invoiceSweepQueuer } from './invoices/follow-open-invoices';
import { invoiceJobHandlers } from './invoices/invoice-jobs';
import { checkedHandlers } from './jobs/job-payloads';
import { createJobRunner } from './jobs/job-queue';
import type { PaymentProvider } from './payments/payment-provider';
import { queuePixDeadlines } from './payments/pix-expiry';
import { paymentJobHandlers } from './payments/payment-jobs';
import { queueOwnerDigest, sendOwnerDigest } from './admin/owner-digest';
import { leadsRepo } from './analytics/leads.repo';
import { anonymiseExpired } from './privacy/personal-data.repo';
import { createCloudApi } from './whatsapp/cloud-api';
import { whatsappJobHandlers } from './whatsapp/send-whatsapp';
import { planFollowUp } from './subscriptions/plan-follow-up';
import { planMonthJobHandlers } from './subscriptions/plan-month-jobs';
import { subscriptionSinks } from './subscriptions/subscription-sinks';

/** Leads are kept 90 days after the visitor's last visit (docs/product.md#privacy). */
const leadRetentionMs = 90 * 86_400_000;

/** The job runner with every handler and poller of the app (part of the composition root). */
export function createAppJobs(deps: {
  database: Database;
  config: Readonly<Config>;
  mailer: Mailer;
  shop: { name: string; publicUrl: string; orderToken?: (orderId: string) => string };
  fulfilment: Fulfilment;
  provider: PaymentProvider;
  clock: () => Date;
  log: FastifyBaseLogger;
  requestsRunning: () => number;
  /** The providers' wrapper (metrics/observed.ts) for the clients the jobs make themselves. */
  observe: <T extends object>(client: T, provider: string) => T;
}) {
  const { database, config, mailer, fulfilment, clock, log } = deps;
  const db = database.db;
  // Guest orders older than RETENTION_MONTHS lose their personal data: an hourly pass is plenty.
  let retentionRanAt = 0;
  const retention = async (now: Date) => {
    if (now.getTime() - retentionRanAt < 3_600_000) return;
    retentionRanAt = now.getTime();
    const cutoff = new Date(now);
    cutoff.setUTCMonth(cutoff.getUTCMonth() - config.retentionMonths);
    await anonymiseExpired(db, cutoff, now);
  };
  const queueInvoiceSweep = invoiceSweepQueuer(db);
  const followPlans = planFollowUp(db, config.plans);
  return createJobRunner({
    db,
    // PGlite has one connection: more handlers at once would only queue ahead of the requests.
    concurrency: database.kind === 'pglite' ? 5 : 20,
    // Submissions mostly wait for the panel (200 ms to SMM_TIMEOUT_MS): a lane of their own, wider.
    lanes: [
      {
        kinds: ['submit_delivery', 'stop_plan_component'],
        concurrency: database.kind === 'pglite' ? 10 : 40,
      },
      // The Cloud API takes 80 messages/s per number; a call waits up to 15 s (docs/whatsapp.md).
      { kinds: ['whatsapp_message'], concurrency: database.kind === 'pglite' ? 5 : 20 },
    ],
    handlers: checkedHandlers({
      ...emailJobHandlers({ db, mailer, shop: deps.shop, clock }),
      ...fulfilment.handlers,
      ...ownerAlertJobHandlers({ db, mailer, alerts: fulfilment.ctx.alerts, clock }),
      ...invoiceJobHandlers({
        db,
        config,
        mailer,
        shop: deps.shop,
        alerts: fulfilment.ctx.alerts,
        clock,
        observe: (client) => deps.observe(client, 'asaas_fiscal'),
      }),
      ...paymentJobHandlers({ db, provider: deps.provider, clock, log, alerts: fulfilment.ctx.alerts }),
      ...planMonthJobHandlers({
        db,
        provider: deps.provider,
        mailer,
        shop: deps.shop,
        alerts: fulfilment.ctx.alerts,
        terms: config.plans,
        pixExpiryMinutes: config.pix.expiryMinutes,
        sinks: subscriptionSinks,
        clock,
      }),
      ...whatsappJobHandlers({
        db,
        api: config.whatsapp ? createCloudApi(config.whatsapp) : null,
        shop: deps.shop,
        clock,
        log,
      }),
      owner_digest_email: (payload) =>
        sendOwnerDigest({ db, mailer, alerts: fulfilment.ctx.alerts }, payload.day),
    }),
    clock,
    log,
    intervalMs: config.jobsIntervalMs,
    requestsRunning: deps.requestsRunning,
    onDead: (job, now) => alertDeadJob(db, fulfilment.ctx.alerts, job, now),
    before: async (now) => {
      await queueOrderReceipts(db, now);
      await queuePixDeadlines(db, now, config.pix.reminderMinutes);
      await queueOwnerDigest(db, now);
      await funnelRollupRepo.rollUp(db, now);
      await ordersRollupRepo.rollUp(db, now);
      await leadsRepo.deleteUntouchedSince(db, new Date(now.getTime() - leadRetentionMs));
      await retention(now);
      await queueInvoiceSweep(now);
      await followPlans(now);
    },
  });
}
