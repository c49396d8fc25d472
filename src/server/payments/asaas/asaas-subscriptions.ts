import type { ChargeRequest, PaymentProvider } from '../payment-provider';
import { asaasAnswer, asaasList, asaasPayment, asaasPixQrCode, asaasSubscription } from './asaas-answers';
import { cardRefusal, type AsaasRequest } from './asaas-client';
import type { chargeBase } from './asaas-customers';
import { cardFields, parseAsaasDate } from './asaas-fields';

/** Monthly plans at Asaas (reference §1.10): the subscription, its first charge, and its removal. */
export function asaasSubscriptions(
  request: AsaasRequest,
  base: ReturnType<typeof chargeBase>,
): Pick<PaymentProvider, 'createSubscription' | 'cancelSubscription'> {
  const firstChargeOf = async (subscriptionId: string) =>
    asaasAnswer(
      asaasList(asaasPayment),
      await request('GET', `/subscriptions/${subscriptionId}/payments`),
      'subscription charges',
    ).data[0];

  const pixOf = async (paymentId: string) => {
    const qr = asaasAnswer(
      asaasPixQrCode,
      await request('GET', `/payments/${paymentId}/pixQrCode`),
      'PIX code',
    );
    return {
      payload: qr.payload,
      imageBase64: qr.encodedImage,
      expiresAt: parseAsaasDate(qr.expirationDate),
    };
  };

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
              // Today: the first month is charged now (reference §1.10).
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
      const first = await firstChargeOf(created.id);
      if (!first) return { providerSubscriptionId: created.id, firstCharge: null };
      return {
        providerSubscriptionId: created.id,
        firstCharge: {
          outcome: 'created',
          providerPaymentId: first.id,
          status: first.status,
          pix: subscription.method === 'pix' ? await pixOf(first.id) : null,
          // A card plan without card data (CARD_CHECKOUT=hosted): the buyer pays the first month's invoice.
          checkoutUrl: subscription.method === 'credit_card' && !card ? (first.invoiceUrl ?? null) : null,
        },
      };
    },

    async cancelSubscription(providerSubscriptionId) {
      await request('DELETE', `/subscriptions/${encodeURIComponent(providerSubscriptionId)}`);
    },
  };
}
