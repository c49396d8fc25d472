import type { ChargeRequest, ChargeSummary, PaymentProvider, PixCode } from '../payment-provider';
import { asaasAnswer, asaasListAll, asaasPayment, asaasSubscription } from './asaas-answers';
import { AsaasRequestError, cardRefusal, type AsaasRequest } from './asaas-client';
import type { chargeBase } from './asaas-customers';
import { cardFields } from './asaas-fields';
import { ProviderError } from '../payment-provider';
import { undoAfter } from './asaas-undo';
import { asaasState } from './asaas-words';

/** Monthly plans at Asaas: the subscription, its first charge, its removal, and finding it again. */
export function asaasSubscriptions(
  request: AsaasRequest,
  base: ReturnType<typeof chargeBase>,
  pixCodeOf: (paymentId: string) => Promise<PixCode>,
  listCharges: (query: string) => Promise<ChargeSummary[]>,
): Pick<
  PaymentProvider,
  'createSubscription' | 'cancelSubscription' | 'findSubscriptions' | 'findSubscriptionCharges'
> {
  /**
   * The first month: the charge due first. Asaas generates a plan's charges ahead of their due days (its
   * subscriptions FAQ: about 40 days), so the list may already hold the second month, and its order is
   * not documented (issue 43).
   */
  const firstChargeOf = async (subscriptionId: string) =>
    (
      await asaasListAll(
        request,
        `/subscriptions/${encodeURIComponent(subscriptionId)}/payments`,
        asaasPayment,
        'subscription charges',
      )
    )
      .filter((p) => !p.deleted)
      .sort((a, b) => (a.dueDate ?? '9999').localeCompare(b.dueDate ?? '9999'))[0];
  const chargesOfPlan = (providerSubscriptionId: string) =>
    listCharges(`subscription=${encodeURIComponent(providerSubscriptionId)}`);

  return {
    async createSubscription(subscription) {
      const card = subscription.card;
      const { customer, value, dueDate, description, externalReference } = await base(
        subscription satisfies ChargeRequest,
      );
      let created: { id: string };
      try {
        created = asaasAnswer(
          asaasSubscription,
          await request(
            'POST',
            '/subscriptions',
            {
              customer,
              billingType: subscription.method === 'pix' ? 'PIX' : 'CREDIT_CARD',
              value,
              // Today: the first month is charged now.
              nextDueDate: dueDate,
              cycle: 'MONTHLY',
              description,
              externalReference,
              ...(card ? cardFields(subscription, card) : {}),
            },
            { timeoutMs: 60_000 },
          ),
          'subscription',
        );
      } catch (error) {
        const refusal = card ? cardRefusal(error) : null;
        if (refusal !== null)
          return {
            providerSubscriptionId: null,
            firstCharge: { outcome: 'declined', message: refusal || null },
          };
        throw error;
      }
      try {
        const first = await firstChargeOf(created.id);
        const state = first && asaasState(first);
        if (!first || !state) return { providerSubscriptionId: created.id, firstCharge: null };
        return {
          providerSubscriptionId: created.id,
          firstCharge: {
            outcome: 'created',
            providerPaymentId: first.id,
            state,
            pix: subscription.method === 'pix' ? await pixCodeOf(first.id) : null,
            // A card plan without card data (CARD_CHECKOUT=hosted): the buyer pays the first month's invoice.
            checkoutUrl: subscription.method === 'credit_card' && !card ? (first.invoiceUrl ?? null) : null,
          },
        };
      } catch (error) {
        // A card plan's first month may be captured already: that one is looked up, never ended blindly.
        if (card) throw new ProviderError(`Asaas made the plan, then ${String(error)}`);
        return undoAfter(error, () => this.cancelSubscription(created.id));
      }
    },

    async cancelSubscription(providerSubscriptionId) {
      try {
        await request('DELETE', `/subscriptions/${encodeURIComponent(providerSubscriptionId)}`);
      } catch (error) {
        // Removed already (an earlier try whose answer was lost, or the owner in Asaas's panel).
        if (error instanceof AsaasRequestError && error.status === 404) return;
        throw error;
      }
    },

    async findSubscriptions(orderId) {
      const found = await asaasListAll(
        request,
        `/subscriptions?externalReference=${encodeURIComponent(orderId)}`,
        asaasSubscription,
        'subscription list',
      );
      return Promise.all(
        found.map(async (s) => ({
          providerSubscriptionId: s.id,
          active: !s.deleted && s.status === 'ACTIVE',
          charges: await chargesOfPlan(s.id),
        })),
      );
    },

    findSubscriptionCharges: chargesOfPlan,
  };
}
