import { formatInteger } from './money';
import { componentLine, dayAndMonth, planComponentKinds } from './plan-components';
import type { DeliveryView } from './schemas/deliveries';

// What a buyer reads of a plan's month (issue 26): the followers delivered so far of the month's promise,
// and each engagement component with how long it runs. The order page and /dashboard show the same lines.

export interface PlanMonthLine {
  key: string;
  title: string;
  detail: string;
}

function componentDetail(d: DeliveryView, now: Date): string {
  const until = d.activeUntil ? dayAndMonth(new Date(d.activeUntil)) : '';
  const auto = planComponentKinds[d.component!].auto;
  // The paid month is what the buyer bought: once it is over the component has ended, whatever the panel
  // still reports (its status lags, or a subscription it keeps "Active" past its expiry).
  const over = d.activeUntil !== null && Date.parse(d.activeUntil) <= now.getTime();
  switch (d.state) {
    case 'pending':
    case 'in_progress':
      if (over) return `Encerradas em ${until}`;
      return d.leftToExpire
        ? `${auto} até ${until} (o fornecedor encerra nesta data)`
        : `${auto} ativas até ${until}`;
    case 'completed':
      return over ? `Encerradas em ${until}` : 'Entregues';
    case 'canceled':
      return 'Canceladas';
    case 'refunded':
      return 'Reembolsadas';
    case 'invalid_link':
      return 'Não encontramos o perfil: confira o @ abaixo';
    default:
      return 'Em preparação';
  }
}

/** The lines of one month's order of a plan, from its deliveries. */
export function planMonthLines(deliveries: readonly DeliveryView[], now: Date): PlanMonthLine[] {
  const components = deliveries.filter((d) => d.component);
  const followers = deliveries.filter((d) => !d.component && d.product === 'followers');
  const promised = followers.reduce((n, d) => n + d.quantity, 0);
  const delivered = followers.reduce((n, d) => n + (d.delivered ?? 0), 0);
  return [
    {
      key: 'followers',
      title: 'Seguidores do mês',
      detail: `${formatInteger(delivered)} de ${formatInteger(promised)} entregues`,
    },
    ...components.map((d) => ({
      key: d.component!,
      title: componentLine({ id: d.component!, quantity: d.quantity }),
      detail: componentDetail(d, now),
    })),
  ];
}
