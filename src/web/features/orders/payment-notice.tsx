import { messages } from '../../../shared/messages';
import type { CreateOrderResponse } from '../../../shared/schemas/order-view';

/** What the last card attempt of an unpaid order came to, in the buyer's words (issue 12). */
const notices: Record<string, { text: string; alert: boolean }> = {
  AWAITING_RISK_ANALYSIS: { text: messages.payment_in_analysis, alert: false },
  UNKNOWN: { text: messages.card_outcome_unknown, alert: false },
  REPROVED_BY_RISK_ANALYSIS: { text: messages.card_risk_reproved, alert: true },
  DECLINED: { text: messages.card_declined, alert: true },
};

export function PaymentNotice({ data }: { data: CreateOrderResponse }) {
  const notice = data.order.paymentStatus === 'unpaid' ? notices[data.payment?.status ?? ''] : undefined;
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
