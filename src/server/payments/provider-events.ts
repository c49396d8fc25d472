import { isId } from '../../shared/schemas/ids';
import type { Db } from '../db/client';
import { applyInvoiceReport } from '../invoices/invoice-events';
import { enqueue } from '../jobs/job-queue';
import { hasPlaceholderId } from './attempt-ids';
import { keepsMoneyState } from '../../shared/payment-states';
import { adoptCharge, settleStrayCharge } from './lost-answers';
import type { PaymentProvider } from './payment-provider';
import type { ProviderEvent } from './provider-webhook';
import { noticePaymentProblem } from './payment-problems';
import { paymentsRepo } from './payments.repo';
import type { SubscriptionSinks } from './plan-hooks';
import { recordPaymentState } from './record-payment-state';
import { confirmPartialRefunds, denyOpenRefunds } from './refund-confirmation';

type ChargeEvent = Extract<ProviderEvent, { kind: 'charge' }>;

export interface EventDeps {
  db: Db;
  provider: PaymentProvider;
  sinks: SubscriptionSinks;
}

/**
 * 'later': the event is about something we may learn of in a moment (a charge being created right now,
 * a plan whose creation answer was lost): it stays stored and is applied again by reconciliation.
 */
export type EventOutcome = 'applied' | 'later';

/**
 * Applies what a provider reported (a webhook, read by its adapter in the shop's words). Safe to run more
 * than once: every step is idempotent.
 */
export async function applyProviderEvent(
  deps: EventDeps,
  event: ProviderEvent,
  now: Date,
): Promise<EventOutcome> {
  if (event.kind === 'subscription_ended') {
    await deps.sinks.onSubscriptionEnded(
      deps.db,
      deps.provider.name,
      event.providerSubscriptionId,
      event.reason,
      now,
    );
    return 'applied';
  }
  if (event.kind === 'invoice') return applyInvoiceReport(deps.db, event.report, now);
  if (event.kind !== 'charge') return 'applied';
  const ours = await paymentsRepo.findByProviderId(deps.db, deps.provider.name, event.providerPaymentId);
  if (!ours) return applyUnknownCharge(deps, event, now);
  const { db } = deps;
  if (event.state) await recordPaymentState(db, { paymentId: ours.id }, event.state, now);
  if (event.refund?.outcome === 'partly_refunded') await confirmPartialRefunds(db, ours.orderId, now);
  if (event.refund?.outcome === 'denied') await denyOpenRefunds(db, ours.id, event.refund.reason);
  if (event.problem)
    await noticePaymentProblem(db, deps.provider.name, event.providerPaymentId, event.problem);
  return 'applied';
}

/**
 * A charge we have no row for: a plan's next month; or one made for one of our orders whose answer was
 * lost (adopted by its attempt when it took money, removed when merely payable); or paid though nobody
 * here knew it (recorded: the money is never missed).
 */
async function applyUnknownCharge(deps: EventDeps, event: ChargeEvent, now: Date): Promise<EventOutcome> {
  const { db, provider, sinks } = deps;
  const { providerPaymentId, state } = event;
  if (!state) return 'applied';
  if (event.providerSubscriptionId) {
    const charge = {
      providerPaymentId,
      providerSubscriptionId: event.providerSubscriptionId,
      state,
      method: event.method,
      dueDate: event.dueDate,
      problem: event.problem,
    };
    const result = await sinks.onSubscriptionCharge(db, provider.name, charge, now);
    if (result === 'unknown_payment') return 'later';
    if (event.problem) await noticePaymentProblem(db, provider.name, providerPaymentId, event.problem);
    return 'applied';
  }
  const latest =
    event.orderRef && isId(event.orderRef)
      ? await paymentsRepo.latestForOrder(db, event.orderRef)
      : undefined;
  if (!latest) return 'applied';
  // Another instalment of a card plan we follow through its first: it changes nothing but a dispute.
  const plan =
    event.installmentPlanId &&
    (await paymentsRepo.followingPlan(db, latest.orderId, event.installmentPlanId));
  if (plan) {
    // A dispute is about the whole card purchase, whichever instalment it names.
    if (state === 'chargeback') await recordPaymentState(db, { paymentId: plan.id }, state, now);
    return 'applied';
  }
  // Most likely the charge whose answer is on its way: wait for it.
  if (latest.status === 'creating') return 'later';
  if (latest.status === 'unknown' && hasPlaceholderId(latest.providerPaymentId) && keepsMoneyState(state)) {
    await adoptCharge({ db, clock: () => now }, latest, { ...event, state });
    return 'applied';
  }
  // Reconciliation looks the lost answer up (and removes what is payable) within its interval.
  if (latest.status === 'unknown') return 'later';
  const charge = {
    providerPaymentId,
    state,
    amountCents: event.amountCents ?? 0,
    method: event.method,
    installmentPlanId: event.installmentPlanId,
    providerSubscriptionId: null,
    dueDate: event.dueDate,
  };
  if (state === 'pending') await enqueue(db, 'retire_stray_charge', { orderId: latest.orderId, charge });
  else await settleStrayCharge({ ...deps, clock: () => now }, latest.orderId, charge);
  return 'applied';
}
