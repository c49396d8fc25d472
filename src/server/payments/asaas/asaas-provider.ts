import { type CardChargeResult, type PaymentProvider, ProviderError } from '../payment-provider';
import {
  asaasAnswer,
  asaasChargeSummary,
  asaasList,
  asaasPayment,
  asaasPaymentStatus,
  asaasPixQrCode,
  asaasSubscription,
} from './asaas-answers';
import { AsaasRequestError, type AsaasRequest } from './asaas-client';
import { chargeBase } from './asaas-customers';
import { cardFields, parseAsaasDate, reais } from './asaas-fields';

export interface AsaasProviderOptions {
  request: AsaasRequest;
  publicUrl: string;
  clock: () => Date;
}

/** DECISIONS 14: PIX, credit card in 1–12 instalments, debit through the hosted invoice page. */
export function createAsaasProvider(options: AsaasProviderOptions): PaymentProvider {
  const { request, clock } = options;

  const base = chargeBase(request, clock);

  return {
    name: 'asaas',

    async createPixCharge(charge) {
      const payment = asaasAnswer(
        asaasPayment,
        await request('POST', '/payments', { ...(await base(charge)), billingType: 'PIX' }),
        'payment',
      );
      const qr = asaasAnswer(
        asaasPixQrCode,
        await request('GET', `/payments/${payment.id}/pixQrCode`),
        'PIX code',
      );
      return {
        providerPaymentId: payment.id,
        status: payment.status,
        payload: qr.payload,
        imageBase64: qr.encodedImage,
        expiresAt: parseAsaasDate(qr.expirationDate),
      };
    },

    async createCardCharge(charge): Promise<CardChargeResult> {
      const { card, installments } = charge;
      const body = {
        ...(await base(charge)),
        billingType: 'CREDIT_CARD',
        ...(installments > 1
          ? { installmentCount: installments, totalValue: reais(charge.amountCents) }
          : {}),
        ...cardFields(charge, card),
      };
      if (installments > 1) delete (body as { value?: number }).value;
      try {
        // ≥ 60 s: a timeout does not mean the charge failed, and it is never retried blindly (§1.5, §1.13).
        const payment = asaasAnswer(
          asaasPayment,
          await request('POST', '/payments', body, { timeoutMs: 60_000 }),
          'payment',
        );
        return { outcome: 'approved', providerPaymentId: payment.id, status: payment.status };
      } catch (error) {
        // HTTP 400 = declined, and Asaas did not keep the charge.
        if (error instanceof AsaasRequestError && error.status === 400) {
          return { outcome: 'declined', message: error.errors[0]?.description ?? null };
        }
        throw error;
      }
    },

    async createHostedCharge(charge) {
      const payment = asaasAnswer(
        asaasPayment,
        await request('POST', '/payments', {
          ...(await base(charge)),
          // UNDEFINED lets the invoice page offer debit card (the API cannot take debit cards, §1.5).
          billingType: charge.method === 'debit_card' ? 'UNDEFINED' : 'CREDIT_CARD',
          callback: {
            successUrl: `${options.publicUrl}/obrigado?pedido_id=${charge.orderId}`,
            autoRedirect: true,
          },
        }),
        'payment',
      );
      if (!payment.invoiceUrl) throw new ProviderError('Asaas returned no invoiceUrl');
      return { providerPaymentId: payment.id, status: payment.status, checkoutUrl: payment.invoiceUrl };
    },

    async createSubscription(subscription) {
      const card = subscription.card;
      const { customer, value, dueDate, description, externalReference } = await base(subscription);
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
        if (card && error instanceof AsaasRequestError && error.status === 400) {
          return {
            providerSubscriptionId: null,
            firstCharge: { outcome: 'declined', message: error.errors[0]?.description ?? null },
          };
        }
        throw error;
      }
      const charges = asaasAnswer(
        asaasList(asaasPayment),
        await request('GET', `/subscriptions/${created.id}/payments`),
        'subscription charges',
      );
      const first = charges.data[0];
      if (!first) return { providerSubscriptionId: created.id, firstCharge: null };
      let pix = null;
      if (subscription.method === 'pix') {
        const qr = asaasAnswer(
          asaasPixQrCode,
          await request('GET', `/payments/${first.id}/pixQrCode`),
          'PIX code',
        );
        pix = {
          payload: qr.payload,
          imageBase64: qr.encodedImage,
          expiresAt: parseAsaasDate(qr.expirationDate),
        };
      }
      return {
        providerSubscriptionId: created.id,
        firstCharge: { outcome: 'created', providerPaymentId: first.id, status: first.status, pix },
      };
    },

    async refund(providerPaymentId, amountCents) {
      const refunded = asaasAnswer(
        asaasPayment,
        await request(
          'POST',
          `/payments/${encodeURIComponent(providerPaymentId)}/refund`,
          amountCents === undefined ? {} : { value: reais(amountCents) },
        ),
        'refund',
      );
      return { status: refunded.status };
    },

    async findCharges(orderId) {
      const list = asaasAnswer(
        asaasList(asaasChargeSummary),
        await request('GET', `/payments?externalReference=${encodeURIComponent(orderId)}`),
        'payment list',
      );
      return list.data.map((p) => ({
        providerPaymentId: p.id,
        status: p.status,
        billingType: p.billingType,
      }));
    },

    async cancelCharge(providerPaymentId) {
      // Only a charge not yet received can be removed; Asaas answers 400 for one that was paid.
      await request('DELETE', `/payments/${encodeURIComponent(providerPaymentId)}`);
    },

    async cancelSubscription(providerSubscriptionId) {
      await request('DELETE', `/subscriptions/${encodeURIComponent(providerSubscriptionId)}`);
    },

    async getStatus(providerPaymentId) {
      return asaasAnswer(
        asaasPaymentStatus,
        await request('GET', `/payments/${encodeURIComponent(providerPaymentId)}/status`),
        'status',
      ).status;
    },
  };
}
