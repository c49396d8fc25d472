// What a provider's webhook says, in the shop's words: each adapter's readWebhook answers this
// (payment-provider.ts), webhook-intake.ts and provider-events.ts act on it.
import type { InvoiceReport } from '../../shared/invoice-states';
import type { PaymentState } from '../../shared/payment-states';

/** How a charge is paid, as providers list it. */
export type ChargeMethod = 'pix' | 'credit_card' | 'debit_card';

/** What a provider's webhook means to the shop (its words already translated). */
export type ProviderEvent =
  | {
      kind: 'charge';
      providerPaymentId: string;
      /** null: the event changes nothing about where the charge stands. */
      state: PaymentState | null;
      /** The order the charge was made for (our reference), when it carries one. */
      orderRef: string | null;
      amountCents: number | null;
      providerSubscriptionId: string | null;
      method: ChargeMethod;
      installmentPlanId: string | null;
      /** The São Paulo day the charge is due ('YYYY-MM-DD'), when the event says (a plan's month). */
      dueDate: string | null;
      /** Something the buyer must hear about. */
      problem: 'reproved' | 'capture_refused' | null;
      /** A part refunded, or a refund the provider refused. */
      refund: { outcome: 'partly_refunded' } | { outcome: 'denied'; reason: string | null } | null;
    }
  | { kind: 'subscription_ended'; providerSubscriptionId: string; reason: string }
  | { kind: 'invoice'; report: InvoiceReport }
  | { kind: 'other' };

export interface ReadWebhook {
  id: string;
  type: string;
  event: ProviderEvent | null;
}
