import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { backgroundTimer } from '../jobs/background-timer';
import { recordPaymentState } from './record-payment-state';
import type { PaymentProvider } from './payment-provider';
import { ProviderBusy } from './provider-busy';
import type { SubscriptionSinks } from './plan-hooks';
import { applyStoredEvent } from './webhook-intake';
import { paymentClaimsRepo } from './payment-claims.repo';
import { webhookEventsRepo } from './webhook-events.repo';
import { settleUnknownAttempts } from './unknown-attempts';
import { followOpenRefunds } from './refund-states';

export interface ReconcilerOptions {
  db: Db;
  provider: PaymentProvider;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** Seconds between runs, and the least time between two questions about one payment. */
  intervalSeconds: number;
  /** Subscriptions' own charges and ends found among unapplied webhooks. */
  sinks: SubscriptionSinks;
  /** Payments asked about per run: 20 a minute is 14,400 a day, well under Asaas's 25,000 per 12 h. */
  batchSize?: number;
}

/**
 * Webhooks are the main path (docs/product.md#payment-confirmation); this job covers what they miss: it
 * applies stored events that were never applied and asks the provider about open payments, a few at a time.
 * Rows are claimed with FOR UPDATE SKIP LOCKED, so several app instances share the work without asking twice.
 */
export function createReconciler(options: ReconcilerOptions) {
  const { db, provider, clock, log } = options;
  const batchSize = options.batchSize ?? 20;
  /** Until when the provider asked for quiet (a 429): no question is asked before (ADR 049). */
  let quietUntil = 0;
  const quiet = () => clock().getTime() < quietUntil;
  /** A failure of one question: a 429 silences every question until the wait it asked; others are logged. */
  const failed = (what: string, context: object) => (err: unknown) => {
    if (err instanceof ProviderBusy) {
      if (!quiet()) log.warn({ err, retryAfterMs: err.retryAfterMs }, 'provider asked to wait');
      quietUntil = clock().getTime() + err.retryAfterMs;
    } else log.warn({ err, ...context }, what);
    return null;
  };

  async function runOnce(): Promise<{ eventsApplied: number; paymentsChecked: number }> {
    const now = clock();
    const stale = await webhookEventsRepo.unprocessed(db, new Date(now.getTime() - 30_000), batchSize);
    for (const event of stale)
      await applyStoredEvent(options, event).catch((err: unknown) =>
        log.warn({ err, eventId: event.id }, 'stored webhook not applied'),
      );
    if (quiet()) return { eventsApplied: stale.length, paymentsChecked: 0 };

    const due = new Date(now.getTime() - options.intervalSeconds * 1000);
    const claimed = await paymentClaimsRepo.claimForReconciliation(db, provider.name, now, due, batchSize);
    let checked = 0;
    for (const row of claimed) {
      // One payment's odd answer (a provider error, a malformed body) must not stop the others: it is
      // asked again at the next interval. A 429 stops them all: asking on is what Asaas says not to do.
      const state = await provider
        .getState(row.provider_payment_id)
        .catch(failed('payment state not read', { paymentId: row.id }));
      if (quiet()) break;
      if (state === null) continue;
      checked++;
      await recordPaymentState(db, { paymentId: row.id }, state, clock());
    }
    if (!quiet())
      await followOpenRefunds({ db, provider, clock }, due, batchSize).catch(
        failed('open refunds not followed', {}),
      );
    if (!quiet())
      await settleUnknownAttempts({ db, provider, clock, sinks: options.sinks }, batchSize).catch(
        failed('lost answers not settled', {}),
      );
    return { eventsApplied: stale.length, paymentsChecked: checked };
  }

  const timer = backgroundTimer({
    intervalMs: options.intervalSeconds * 1000,
    log,
    failure: 'reconciliation run failed',
    tick: () => runOnce(),
  });
  /** start() polls; stop() waits for the run in progress. */
  return { runOnce, start: timer.start, stop: timer.stop };
}

export type Reconciler = ReturnType<typeof createReconciler>;
