import type { RefundState } from '#shared/payment-states.ts';
import type { PaymentProvider, ProviderRefund, RefundableCharge } from '../payment-provider';
import { asaasAnswer, asaasListAll, asaasPayment, asaasRefund } from './asaas-answers';
import type { AsaasRequest } from './asaas-client';
import { reais } from './asaas-fields';
import { asaasRefundState } from './asaas-words';

type AsaasRefund = ReturnType<typeof asaasRefund.parse>;

const toRefund = (item: AsaasRefund): ProviderRefund => ({
  amountCents: Math.round((item.value ?? 0) * 100),
  state: asaasRefundState(item.status ?? ''),
  reference: item.description ?? null,
  reason: null,
});

/** Our refund's id travels in the description Asaas keeps (refunds have no id of their own there). */
const describe = (reference: string) => `Reembolso ${reference}`;

/** The least finished state among a plan's refund items (the newest refund is among the open ones). */
function planState(items: ProviderRefund[]): RefundState {
  const open = items.filter((i) => i.state !== 'denied');
  if (open.some((i) => i.state === 'awaiting_authorisation')) return 'awaiting_authorisation';
  if (open.some((i) => i.state === 'pending')) return 'pending';
  return 'refunded';
}

/**
 * Refunds at Asaas ('Estornar cobrança', 'Estornar parcelamento', 'Listar estornos de uma cobrança'): a
 * payment with `value` (all that is left when omitted) and a description; a card plan through the plan,
 * also in part. A refund exists when its item says so: only DONE means the money went back.
 */
export function asaasRefunds(request: AsaasRequest): Pick<PaymentProvider, 'refund' | 'findRefunds'> {
  async function findRefunds(charge: RefundableCharge): Promise<ProviderRefund[]> {
    if (charge.installmentPlanId) {
      const parts = await asaasListAll(
        request,
        `/payments?installment=${encodeURIComponent(charge.installmentPlanId)}`,
        asaasPayment,
        'instalment payments',
      );
      return parts.flatMap((p) => (p.refunds ?? []).map(toRefund));
    }
    const items = await asaasListAll(
      request,
      `/payments/${encodeURIComponent(charge.providerPaymentId)}/refunds`,
      asaasRefund,
      'refund list',
    );
    return items.map(toRefund);
  }

  return {
    async refund(charge, { amountCents, reference }) {
      const value = amountCents === undefined ? {} : { value: reais(amountCents) };
      if (charge.installmentPlanId) {
        await request('POST', `/installments/${encodeURIComponent(charge.installmentPlanId)}/refund`, value);
        return planState(await findRefunds(charge));
      }
      const payment = asaasAnswer(
        asaasPayment,
        await request('POST', `/payments/${encodeURIComponent(charge.providerPaymentId)}/refund`, {
          ...value,
          description: describe(reference),
        }),
        'refund',
      );
      const item = (payment.refunds ?? []).find((r) => r.description?.includes(reference));
      return item ? asaasRefundState(item.status ?? '') : 'pending';
    },
    findRefunds,
  };
}
