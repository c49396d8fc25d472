import { formatDateTime, formatDay } from '../../shared/dates';
import { formatBRL } from '../../shared/money';
import { formatPurchaseCode } from '../../shared/orders';
import type { WhatsappKind } from '../../shared/whatsapp';
import type { Db } from '../db/client';
import type { JobPayloads } from '../jobs/job-payloads';
import type { OrderRow } from '../db/schema';
import { greeting, orderUrl, serviceTitle, type Shop } from '../email/templates';
import { paymentsRepo } from '../payments/payments.repo';

/**
 * The body variables of a message, in the order of `whatsappVariables` (src/shared/whatsapp.ts), read when
 * it leaves (a PIX code shown is still current). Null: nothing to say any more (a reminder for a PIX that
 * was paid or expired meanwhile).
 */
export async function messageParameters(
  deps: { db: Db; shop: Shop; clock: () => Date },
  order: OrderRow,
  kind: WhatsappKind,
  payload: JobPayloads['whatsapp_message'],
): Promise<string[] | null> {
  const hello = greeting(order.name);
  const code = formatPurchaseCode(order.purchaseCode);
  const link = orderUrl(deps.shop, order.id);
  switch (kind) {
    case 'order_received': {
      const payment = await paymentsRepo.latestForOrder(deps.db, order.id);
      const pix =
        order.paymentStatus === 'unpaid' && payment?.status === 'pending' ? payment.pixPayload : null;
      return [hello, code, formatBRL(order.totalCents), pix ?? 'não se aplica (pagamento sem PIX)', link];
    }
    case 'pix_reminder': {
      const payment = payload.paymentId ? await paymentsRepo.findById(deps.db, payload.paymentId) : null;
      if (payment?.status !== 'pending' || !payment.pixPayload || !payment.expiresAt) return null;
      if (payment.expiresAt <= deps.clock() || order.paymentStatus !== 'unpaid') return null;
      return [hello, code, payment.pixPayload, formatDateTime(payment.expiresAt)];
    }
    case 'plan_pix': {
      // A plan's month (issue 43): sent with its e-mail, while the month waits for its money.
      const payment = payload.paymentId ? await paymentsRepo.findById(deps.db, payload.paymentId) : null;
      if (payment?.status !== 'pending' || !payment.pixPayload || !payment.dueDate) return null;
      if (order.paymentStatus !== 'unpaid') return null;
      const due = formatDay(payment.dueDate);
      return [hello, serviceTitle(order), formatBRL(payment.amountCents), due, payment.pixPayload, link];
    }
    case 'refund':
      return [hello, code, formatBRL(Number(payload.amountCents ?? order.totalCents))];
    case 'payment_confirmed':
    case 'delivery_started':
    case 'delivered':
    case 'link_needed':
      return [hello, code, link];
  }
}
