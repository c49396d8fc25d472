import { addMonths } from '../../shared/dates';
import type { PlanView } from '../../shared/schemas/order-view';
import type { Executor } from '../db/client';
import { ordersRepo } from '../orders/orders.repo';
import { planMonthsRepo } from './plan-months.repo';
import { subscriptionsRepo } from './subscriptions.repo';

/**
 * A plan as its buyer follows it on /order/{id} and /dashboard (issue 43): its status, the provider's next
 * charge, the PIX month waiting for its money and, once cancelled, until when the paid months run. The
 * month's code is the buyer's: `forStranger` (order-view.ts) takes it out without the order's proof.
 */
export async function planViewOf(db: Executor, subscriptionId: string): Promise<PlanView | null> {
  const plan = await subscriptionsRepo.findById(db, subscriptionId);
  if (!plan) return null;
  const [first, owed, paidMonth] = await Promise.all([
    ordersRepo.findById(db, plan.firstOrderId),
    planMonthsRepo.owedMonth(db, plan.id),
    planMonthsRepo.latestPaidMonth(db, plan.id),
  ]);
  const cancelled = plan.status === 'cancelled';
  return {
    subscriptionId: plan.id,
    planId: plan.planId,
    status: plan.status,
    nextCharge:
      cancelled || !plan.nextDueDate
        ? null
        : {
            dueDate: plan.nextDueDate,
            amountCents: plan.priceCents,
            method: first?.paymentMethod === 'pix' ? 'pix' : 'credit_card',
          },
    openMonth:
      owed && !cancelled
        ? {
            orderId: owed.order_id,
            dueDate: owed.due_date,
            amountCents: owed.amount_cents,
            paymentId: owed.payment_id,
            pixPayload: owed.pix_payload,
          }
        : null,
    runsUntil: cancelled && paidMonth ? addMonths(paidMonth, 1) : null,
    cancelReason: plan.cancelReason,
  };
}
