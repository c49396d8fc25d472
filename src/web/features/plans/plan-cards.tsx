import { Link } from '../../router/link';
import type { Plan } from '#shared/catalogue.ts';
import { dailyPromise } from '#shared/pricing.ts';
import { formatBRL } from '#shared/money.ts';
import { CheckIcon } from '../../components/ui/icons';
import { buttonPrimary, buttonSecondary } from '../../components/ui/styles';
import { track } from '../../lib/analytics';
import { useCatalogue, useShop } from '../../lib/boot';
import { checkoutUrl } from '../../paths';

function SubscribeButton({ plan }: { plan: Plan }) {
  const external = useShop().planLinks[plan.id];
  const className = `${plan.popular ? buttonPrimary : buttonSecondary} mt-6 w-full`;
  const label = `Assinar ${plan.name}`;
  const onClick = () => track('botao_compra');
  // An external purchase page, when one is configured for the plan, opens in a new tab
  // (docs/product.md#plans).
  if (external) {
    return (
      <a href={external} target="_blank" rel="noopener noreferrer" className={className} onClick={onClick}>
        {label}
      </a>
    );
  }
  return (
    <Link to={checkoutUrl({ type: 'recurring', plan: plan.id })} className={className} onClick={onClick}>
      {label}
    </Link>
  );
}

export function PlanCards() {
  const { plans } = useCatalogue();
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {plans.map((plan) => (
        <li
          key={plan.id}
          className={`relative flex flex-col rounded-3xl bg-white p-6 shadow-sm ${plan.popular ? 'ring-2 ring-fuchsia-700' : 'ring-1 ring-slate-200'}`}
        >
          {plan.badge && (
            <p className="absolute -top-3 left-6 rounded-full bg-fuchsia-700 px-3 py-1 text-xs font-bold uppercase text-white">
              {plan.badge}
            </p>
          )}
          <h3 className="text-xl font-extrabold text-slate-900">{plan.name}</h3>
          <p className="mt-2">
            <span className="text-3xl font-extrabold text-slate-900">{formatBRL(plan.priceCents)}</span>
            <span className="text-slate-700">/mês</span>
          </p>
          <ul className="mt-4 flex-1 space-y-2">
            {[dailyPromise(plan), ...plan.features, ...plan.benefits].map((item) => (
              <li key={item} className="flex gap-2 text-slate-800">
                <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-fuchsia-700" />
                {item}
              </li>
            ))}
          </ul>
          <SubscribeButton plan={plan} />
        </li>
      ))}
    </ul>
  );
}
