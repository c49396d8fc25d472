import { type CardChargeResult, type PaymentProvider, ProviderError } from '../payment-provider';
import {
  asaasAnswer,
  asaasChargeSummary,
  asaasInstallment,
  asaasList,
  asaasPayment,
  asaasPaymentStatus,
  asaasPixQrCode,
} from './asaas-answers';
import { cardRefusal, type AsaasRequest } from './asaas-client';
import { chargeBase } from './asaas-customers';
import { asaasSubscriptions } from './asaas-subscriptions';
import { cardFields, parseAsaasDate, reais } from './asaas-fields';

export interface AsaasProviderOptions {
  request: AsaasRequest;
  publicUrl: string;
  clock: () => Date;
  /** The card charge's wait (60 s: reference §1.5); tests shorten it to see a slow answer time out. */
  cardTimeoutMs?: number;
}

/** DECISIONS 14: PIX, credit card in 1–12 instalments, debit through the hosted invoice page. */
export function createAsaasProvider(options: AsaasProviderOptions): PaymentProvider {
  const { request, clock } = options;

  const base = chargeBase(request, clock);
  const statusOf = async (providerPaymentId: string) =>
    asaasAnswer(
      asaasPaymentStatus,
      await request('GET', `/payments/${encodeURIComponent(providerPaymentId)}/status`),
      'status',
    ).status;

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
          await request('POST', '/payments', body, { timeoutMs: options.cardTimeoutMs ?? 60_000 }),
          'payment',
        );
        return {
          outcome: 'approved',
          providerPaymentId: payment.id,
          status: payment.status,
          installmentPlanId: payment.installment ?? null,
        };
      } catch (error) {
        const refusal = cardRefusal(error);
        if (refusal !== null) return { outcome: 'declined', message: refusal || null };
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

    ...asaasSubscriptions(request, base),

    async refund({ providerPaymentId, installmentPlanId }, amountCents) {
      if (installmentPlanId) {
        // The whole plan (reference §1.9); its instalments are refunded together, ours reports the status.
        asaasAnswer(
          asaasInstallment,
          await request('POST', `/installments/${encodeURIComponent(installmentPlanId)}/refund`, {}),
          'instalment refund',
        );
        return { status: await statusOf(providerPaymentId) };
      }
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
        installmentPlanId: p.installment ?? null,
      }));
    },

    async cancelCharge(providerPaymentId) {
      // Only a charge not yet received can be removed; Asaas answers 400 for one that was paid.
      await request('DELETE', `/payments/${encodeURIComponent(providerPaymentId)}`);
    },

    getStatus: statusOf,
  };
}
