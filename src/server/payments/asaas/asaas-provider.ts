import {
  ChargeNotRemovable,
  ProviderError,
  type CardChargeResult,
  type ChargeSummary,
  type PaymentProvider,
} from '../payment-provider';
import { asaasAnswer, asaasListAll, asaasPayment, asaasPixQrCode } from './asaas-answers';
import { AsaasRequestError, cardRefusal, type AsaasRequest } from './asaas-client';
import { chargeBase } from './asaas-customers';
import { readAsaasWebhook } from './asaas-events';
import { cardFields, installmentFields, parseAsaasDate } from './asaas-fields';
import { asaasRefunds } from './asaas-refunds';
import { asaasSubscriptions } from './asaas-subscriptions';
import { undoAfter } from './asaas-undo';
import { asaasMethod, asaasState } from './asaas-words';

export interface AsaasProviderOptions {
  request: AsaasRequest;
  publicUrl: string;
  clock: () => Date;
  /** The card charge's wait (60 s, Asaas's advice); tests shorten it to see a slow answer time out. */
  cardTimeoutMs?: number;
}

type AsaasPayment = ReturnType<typeof asaasPayment.parse>;

/** A listed charge in the shop's words; one whose status means nothing to the shop is left out. */
export function toSummary(payment: AsaasPayment): ChargeSummary | null {
  const state = asaasState(payment);
  if (!state) return null;
  return {
    providerPaymentId: payment.id,
    state,
    amountCents: Math.round((payment.value ?? 0) * 100),
    method: asaasMethod(payment.billingType),
    installmentPlanId: payment.installment ?? null,
    providerSubscriptionId: payment.subscription ?? null,
    dueDate: payment.dueDate ?? null,
  };
}

const stateOrError = (payment: AsaasPayment) => {
  const state = asaasState(payment);
  if (!state) throw new ProviderError(`Asaas answered a status the store does not know: ${payment.status}`);
  return state;
};

/** PIX, credit card in 1–12 instalments, debit through the hosted invoice page, monthly plans. */
export function createAsaasProvider(options: AsaasProviderOptions): PaymentProvider {
  const { request, clock } = options;
  const base = chargeBase(request, clock);
  const pixCodeOf = async (paymentId: string) => {
    const qr = asaasAnswer(
      asaasPixQrCode,
      await request('GET', `/payments/${encodeURIComponent(paymentId)}/pixQrCode`),
      'PIX code',
    );
    return {
      payload: qr.payload,
      imageBase64: qr.encodedImage,
      expiresAt: parseAsaasDate(qr.expirationDate),
    };
  };
  const listCharges = async (query: string) =>
    (await asaasListAll(request, `/payments?${query}`, asaasPayment, 'payment list'))
      .map(toSummary)
      .filter((c): c is ChargeSummary => c !== null);

  return {
    name: 'asaas',

    planMonthPix: (providerPaymentId) => pixCodeOf(providerPaymentId),

    async createPixCharge(charge) {
      // The due date covers the shop's deadline: Asaas turns a charge OVERDUE after its due date's end.
      const payment = asaasAnswer(
        asaasPayment,
        await request('POST', '/payments', {
          ...(await base(charge, charge.payableUntil)),
          billingType: 'PIX',
        }),
        'payment',
      );
      try {
        return {
          providerPaymentId: payment.id,
          state: stateOrError(payment),
          ...(await pixCodeOf(payment.id)),
        };
      } catch (error) {
        return undoAfter(error, () => this.cancelCharge(payment.id));
      }
    },

    async createCardCharge(charge): Promise<CardChargeResult> {
      const { card, installments } = charge;
      const { value, ...fields } = await base(charge);
      const body = {
        ...fields,
        billingType: 'CREDIT_CARD',
        ...installmentFields(installments, value),
        ...cardFields(charge, card),
      };
      try {
        // ≥ 60 s: a timeout does not mean the charge failed, and it is never retried blindly.
        const payment = asaasAnswer(
          asaasPayment,
          await request('POST', '/payments', body, { timeoutMs: options.cardTimeoutMs ?? 60_000 }),
          'payment',
        );
        return {
          outcome: 'approved',
          providerPaymentId: payment.id,
          state: stateOrError(payment),
          installmentPlanId: payment.installment ?? null,
        };
      } catch (error) {
        const refusal = cardRefusal(error);
        if (refusal !== null) return { outcome: 'declined', message: refusal || null };
        throw error;
      }
    },

    async createHostedCharge(charge) {
      const { value, ...fields } = await base(charge);
      const payment = asaasAnswer(
        asaasPayment,
        await request('POST', '/payments', {
          ...fields,
          // UNDEFINED lets the invoice page offer debit card (the API cannot take debit cards).
          billingType: charge.method === 'debit_card' ? 'UNDEFINED' : 'CREDIT_CARD',
          // A credit card's instalments are fixed here: the invoice page charges the whole plan to the card.
          ...installmentFields(charge.method === 'credit_card' ? charge.installments : 1, value),
          callback: {
            successUrl: `${options.publicUrl}/obrigado?pedido_id=${charge.orderId}`,
            autoRedirect: true,
          },
        }),
        'payment',
      );
      try {
        if (!payment.invoiceUrl) throw new ProviderError('Asaas returned no invoiceUrl');
        return {
          providerPaymentId: payment.id,
          state: stateOrError(payment),
          checkoutUrl: payment.invoiceUrl,
          installmentPlanId: payment.installment ?? null,
        };
      } catch (error) {
        return undoAfter(error, () => this.cancelCharge(payment.id));
      }
    },

    ...asaasSubscriptions(request, base, pixCodeOf, listCharges),
    ...asaasRefunds(request),

    findCharges: (orderId) => listCharges(`externalReference=${encodeURIComponent(orderId)}`),

    async cancelCharge(providerPaymentId) {
      try {
        await request('DELETE', `/payments/${encodeURIComponent(providerPaymentId)}`);
      } catch (error) {
        // Removed already (by us before, or by an earlier try whose answer was lost): what was wanted.
        if (error instanceof AsaasRequestError && error.status === 404) return;
        // Asaas keeps a charge that was received: it can no longer be removed.
        if (error instanceof AsaasRequestError && error.status === 400)
          throw new ChargeNotRemovable(error.message);
        throw error;
      }
    },

    async getState(providerPaymentId) {
      const payment = asaasAnswer(
        asaasPayment,
        await request('GET', `/payments/${encodeURIComponent(providerPaymentId)}`),
        'payment',
      );
      return asaasState(payment);
    },

    readWebhook: readAsaasWebhook,
  };
}
