import { messages } from '#shared/messages.ts';
import type { PaymentState } from '#shared/payment-states.ts';
import type { CreateOrderResponse } from '#shared/schemas/order-view.ts';

/** What the last card attempt of an unpaid order came to, in the buyer's words (issue 12). */
const notices: Partial<Record<PaymentState, { text: string; alert: boolean }>> = {
  in_analysis: { text: messages.payment_in_analysis, alert: false },
  unknown: { text: messages.card_outcome_unknown, alert: false },
  reproved: { text: messages.card_risk_reproved, alert: true },
  declined: { text: messages.card_declined, alert: true },
};

export function PaymentNotice({ data }: { data: CreateOrderResponse }) {
  const notice =
    data.order.paymentStatus === 'unpaid' && data.payment ? notices[data.payment.status] : undefined;
  if (!notice) return null;
  return (
    <p
      role={notice.alert ? 'alert' : 'status'}
      className={`mt-6 rounded-xl p-4 font-medium ${notice.alert ? 'bg-red-50 text-red-800' : 'bg-amber-50 text-amber-900'}`}
    >
      {notice.text}
    </p>
  );
}
