import { isSubscriptionService, type PanelService } from './panel';

/**
 * Why a panel service cannot deliver `quantity` as asked (null when it can): missing at the panel, of a
 * type that cannot do it (a plan's component needs a "Subscriptions" service, anything else needs one
 * that takes a link), or outside its min/max. The submission refuses with it before any call; the
 * catalogue editor warns with it (docs/fulfilment.md).
 */
export function serviceMisfit(
  service: Pick<PanelService, 'type' | 'min' | 'max'> | undefined,
  serviceId: string,
  want: { quantity: number; subscription: boolean },
): string | null {
  if (!service) return `O serviço ${serviceId} não existe no painel do fornecedor.`;
  if (want.subscription !== isSubscriptionService(service))
    return want.subscription
      ? `O serviço ${serviceId} é do tipo "${service.type}": não entrega a cada nova publicação (precisa ser "Subscriptions").`
      : `O serviço ${serviceId} é do tipo "${service.type}": não entrega uma quantidade a um link.`;
  if (want.quantity < service.min || want.quantity > service.max)
    return `Quantidade ${want.quantity} fora do mínimo/máximo do serviço ${serviceId} (${service.min}–${service.max}).`;
  return null;
}
