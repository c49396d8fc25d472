import type { PanelReport } from '../../shared/schemas/deliveries';
import { plans, productIds, products } from '../../shared/catalogue';
import { AppError } from '../errors';
import { planDailyFollowers } from './delivery-plan';
import type { FulfilmentContext } from './fulfilment-context';

/**
 * The panel's balance and the configured services as the panel describes them, with a warning for a
 * service id the panel does not have and for a package (or a plan's day) outside its min/max.
 */
export async function panelServicesReport(ctx: FulfilmentContext): Promise<PanelReport> {
  if (!ctx.panel) return { provider: 'manual', balance: null, services: [], warnings: [] };
  const [balance, services] = await Promise.all([ctx.panel.balance(), ctx.panel.services()]).catch(() => {
    throw new AppError('provider_unavailable', 'fulfilment_unavailable');
  });
  const warnings: string[] = [];
  const rows = productIds.map((product) => {
    const serviceId = ctx.serviceIds[product];
    const service = services.find((s) => s.service === serviceId);
    const name = products.find((p) => p.id === product)!.name;
    if (!service) {
      warnings.push(`${name}: o serviço ${serviceId} não existe no painel do fornecedor.`);
      return {
        product,
        serviceId,
        name: null,
        min: null,
        max: null,
        rate: null,
        refill: null,
        dripfeed: null,
      };
    }
    const quantities = products.find((p) => p.id === product)!.packages.map((p) => p.amount);
    if (product === 'followers') quantities.push(...plans.map((p) => planDailyFollowers(p.id)));
    for (const q of quantities)
      if (q < service.min || q > service.max)
        warnings.push(
          `${name}: ${q} está fora do mínimo/máximo do serviço ${serviceId} (${service.min}–${service.max}).`,
        );
    const { name: serviceName, min, max, rate, refill, dripfeed } = service;
    return { product, serviceId, name: serviceName, min, max, rate, refill, dripfeed };
  });
  return { provider: ctx.panel.name, balance, services: rows, warnings };
}
