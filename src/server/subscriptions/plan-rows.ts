import type { PlanEndReason, SubscriptionStatus } from '../../shared/plan-status';
import type { Executor } from '../db/client';
import { subscriptionsRepo } from './subscriptions.repo';

/** The panel's order rows with their plan's status and, once ended, who ended it (issue 43). */
export async function withPlans<T extends { subscriptionId: string | null }>(
  db: Executor,
  rows: T[],
): Promise<Array<T & { plan: { status: SubscriptionStatus; cancelReason: PlanEndReason | null } | null }>> {
  const ids = [...new Set(rows.flatMap((r) => (r.subscriptionId ? [r.subscriptionId] : [])))];
  const plans = await subscriptionsRepo.statusOf(db, ids);
  return rows.map((row) => {
    const plan = plans.find((p) => p.id === row.subscriptionId);
    return { ...row, plan: plan ? { status: plan.status, cancelReason: plan.cancelReason } : null };
  });
}
