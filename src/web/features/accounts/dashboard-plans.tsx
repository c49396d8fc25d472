import { formatDate } from '#shared/dates.ts';
import { formatBRL } from '#shared/money.ts';
import type { PlanMonthLine } from '#shared/plan-month.ts';
import type { AccountOrder } from '#shared/schemas/accounts.ts';
import { Link } from '../../router/link';
import { serviceTitle, PlanMonthList } from '../orders';
import { orderPage } from '../../paths';

type PaidMonth = AccountOrder & { planMonth: PlanMonthLine[] };

/** Each plan's paid months, newest first (the orders come newest first). */
function plansOf(orders: readonly AccountOrder[]): PaidMonth[][] {
  const plans = new Map<string, PaidMonth[]>();
  for (const order of orders) {
    if (!order.planMonth) continue;
    const key = order.subscriptionId ?? order.id;
    plans.set(key, [...(plans.get(key) ?? []), { ...order, planMonth: order.planMonth }]);
  }
  return [...plans.values()];
}

/**
 * /dashboard's "Seu plano neste mês": for each plan, its newest paid month with each component, and every
 * paid month, each a link to its order (docs/fulfilment.md "Plans").
 */
export function DashboardPlans({ orders }: { orders: readonly AccountOrder[] }) {
  const plans = plansOf(orders);
  if (plans.length === 0) return null;
  return (
    <section aria-labelledby="plano-do-mes" className="mt-8">
      <h2 id="plano-do-mes" className="text-xl font-bold text-slate-900">
        Seu plano neste mês
      </h2>
      {plans.map(([current, ...earlier]) => (
        <div
          key={current!.id}
          className="mt-3 rounded-2xl bg-white ring-1 ring-slate-200"
          data-testid="dashboard-plan"
        >
          <p className="px-5 pt-4 font-bold text-slate-900">
            {serviceTitle(current!)} · mês pago em {formatDate(new Date(current!.createdAt))}
          </p>
          <PlanMonthList lines={current!.planMonth} />
          <div className="border-t border-slate-200 px-5 py-3 text-sm">
            <p className="font-semibold text-slate-900">Meses pagos</p>
            <ul className="mt-1 space-y-1" data-testid="plan-paid-months">
              {[current!, ...earlier].map((month) => (
                <li key={month.id}>
                  <Link to={orderPage(month.id)} className="font-semibold text-fuchsia-800 underline">
                    {formatDate(new Date(month.createdAt))} · {month.purchaseCode}
                  </Link>{' '}
                  · {formatBRL(month.totalCents)}
                </li>
              ))}
            </ul>
          </div>
        </div>
      ))}
    </section>
  );
}
