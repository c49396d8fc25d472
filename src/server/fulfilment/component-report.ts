import { planComponentKinds } from '../../shared/plan-components';
import type { AdminCatalogue } from '../../shared/schemas/catalogue';
import type { PanelReport } from '../../shared/schemas/deliveries';
import type { FulfilmentContext } from './fulfilment-context';
import type { PanelService } from './panel';
import { serviceMisfit } from './service-fit';

/**
 * Each plan component's service as the panel describes it (type, min, max, cancel), with the reason it
 * cannot deliver the component's quantity; no service means an operator task every month (ADR 032).
 */
export function componentReport(
  ctx: Pick<FulfilmentContext, 'componentServiceIds'>,
  plans: AdminCatalogue['plans'],
  services: readonly PanelService[],
): PanelReport['components'] {
  return plans.flatMap((plan) =>
    plan.components.map((c) => {
      const serviceId = c.panelServiceId ?? ctx.componentServiceIds[c.id] ?? null;
      const service = serviceId ? services.find((s) => s.service === serviceId) : undefined;
      const problem = serviceId
        ? serviceMisfit(service, serviceId, { quantity: c.quantity, subscription: true })
        : 'Nenhum serviço configurado: vira uma tarefa de entrega manual no painel a cada mês.';
      return {
        plan: plan.id,
        component: c.id,
        quantity: c.quantity,
        serviceId,
        name: service?.name ?? null,
        type: service?.type ?? null,
        min: service?.min ?? null,
        max: service?.max ?? null,
        cancel: service?.cancel ?? null,
        problem: problem && `Plano ${plan.name}, ${planComponentKinds[c.id].unit}: ${problem}`,
      };
    }),
  );
}
