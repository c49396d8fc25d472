import type { PaymentState } from '../../shared/payment-states';
import type { Db } from '../db/client';
import type { PaymentRow } from '../db/schema';
import type { LostAnswerDeps } from './lost-answers';
import type { ConfirmationResult } from './record-payment-state';

/** A charge the provider made on its own for a subscription (every month after the first). */
export interface ProviderCharge {
  providerPaymentId: string;
  providerSubscriptionId: string;
  state: PaymentState;
  method: 'pix' | 'credit_card' | 'debit_card';
  /** The São Paulo day it is due, when the provider said (its webhook, its list). */
  dueDate: string | null;
  /** The provider could not charge it (a card's capture refused): the buyer must hear of it. */
  problem: 'reproved' | 'capture_refused' | null;
}

/**
 * Where such a charge goes: subscriptions (above payments) give it an order of its own. Passed in by the
 * composition root, so payments never import subscriptions (ADR 015). 'unknown_payment': the plan is
 * not known here (yet: the answer that created it may have been lost).
 */
export type SubscriptionChargeSink = (
  db: Db,
  provider: string,
  charge: ProviderCharge,
  now: Date,
) => Promise<ConfirmationResult>;

/** The provider ended a subscription on its own or confirmed our removal. */
export type SubscriptionEndSink = (
  db: Db,
  provider: string,
  providerSubscriptionId: string,
  reason: string,
  now: Date,
) => Promise<void>;

/** What payments hand up to subscriptions (ADR 015: passed in, never imported). */
export interface SubscriptionSinks {
  onSubscriptionCharge: SubscriptionChargeSink;
  onSubscriptionEnded: SubscriptionEndSink;
  /** A plan whose creation answer was lost, looked up at the provider (subscriptions/lost-plans.ts). */
  settleLostPlan: (deps: LostAnswerDeps, attempt: PaymentRow) => Promise<PaymentState | null>;
}
