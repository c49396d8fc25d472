import type { ComponentDelay } from '../../shared/plan-components';

// The upstream panel behind one interface (docs/product.md#delivery): the real SMM panel API v2 and the
// built-in simulated panel. Outcomes are told apart by what they mean for a re-send, not by transport detail.

export type PanelOrderRequest =
  | {
      kind: 'default';
      service: string;
      link: string;
      quantity: number;
      /** Drip-feed: `runs` × `quantity`, one run every `interval` minutes. */
      runs?: number;
      interval?: number;
    }
  | {
      /** A "Subscriptions" service: `min`–`max` on every new post of `username` until `expiresAt`. */
      kind: 'subscription';
      service: string;
      username: string;
      min: number;
      max: number;
      /** Minutes the panel waits after each new post. */
      delayMinutes: ComponentDelay;
      /** The end of the paid month: the panel stops on that São Paulo day. */
      expiresAt: Date;
    };

/**
 * What `cancel` did to one panel order: a `retry` was not done (asked again later), an unknown outcome is
 * left for the status sync to tell.
 */
export type CancelOutcome =
  | { kind: 'canceled' }
  | { kind: 'refused'; message: string }
  | { kind: 'retry'; message: string }
  | { kind: 'unknown'; message: string };

export type AddOutcome =
  | { kind: 'accepted'; panelOrderId: string }
  /** The panel said no: nothing was bought. */
  | { kind: 'refused'; reason: 'bad_link' | 'no_funds' | 'other'; message: string }
  /** The request never left (connection refused, name not found): safe to send again. */
  | { kind: 'not_sent'; message: string }
  /** Sent, answer lost or unreadable: the panel may have taken the order. Never re-sent by itself. */
  | { kind: 'unknown'; message: string };

export type PanelState = 'pending' | 'in_progress' | 'completed' | 'partial' | 'canceled' | 'refunded';

export interface PanelStatus {
  state: PanelState;
  charge: string | null;
  currency: string | null;
  startCount: number | null;
  remains: number | null;
}

export type RefillState = 'pending' | 'in_progress' | 'completed' | 'rejected';

export interface PanelService {
  service: string;
  name: string;
  /** Default, Package, Subscriptions… (which fields `add` takes). */
  type: string;
  rate: string;
  min: number;
  max: number;
  dripfeed: boolean;
  refill: boolean;
  cancel: boolean;
}

/** A service that watches a profile and delivers to each new post (the plans' components need one). */
export const isSubscriptionService = (service: Pick<PanelService, 'type'>) =>
  /subscription/i.test(service.type);

export interface FulfilmentPanel {
  name: 'sandbox' | 'smm';
  add(request: PanelOrderRequest): Promise<AddOutcome>;
  /** Up to 100 ids per call; ids the panel does not know are absent from the answer. */
  status(panelOrderIds: readonly string[]): Promise<Map<string, PanelStatus>>;
  cancel(panelOrderId: string): Promise<CancelOutcome>;
  refill(panelOrderId: string): Promise<{ refillId: string } | { error: string }>;
  refillStatus(refillId: string): Promise<RefillState | null>;
  balance(): Promise<{ balance: number; currency: string }>;
  services(): Promise<PanelService[]>;
}

/** The protocol's batch limit for `status` (reference: smm-panel-api.md). */
export const statusBatchSize = 100;
