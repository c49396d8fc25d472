import type { PanelReport } from '../../shared/schemas/deliveries';
import { productIds } from '../../shared/catalogue';
import { productKind } from '../../shared/pricing';
import { catalogueRepo } from '../catalogue/catalogue.repo';
import { AppError } from '../errors';
import { componentReport } from './component-report';
import { currencyRule, packageCosts } from './package-costs';
import { planDailyFollowers } from './delivery-plan';
import type { FulfilmentContext } from './fulfilment-context';

/**
 * The panel's balance and the configured services as the panel describes them, with a warning for a
 * service id the panel does not have and for a package (or a plan's day) outside its min/max, and each
 * plan component's service (component-report.ts), and each package's cost and margin (package-costs.ts).
 */
export async function panelServicesReport(ctx: FulfilmentContext): Promise<PanelReport> {
  if (!ctx.panel)
    return { provider: 'manual', balance: null, services: [], components: [], warnings: [], costs: null };
  const [balance, services] = await Promise.all([ctx.panel.balance(), ctx.panel.services()]).catch(() => {
    throw new AppError('provider_unavailable', 'fulfilment_unavailable');
  });
  const catalogue = await catalogueRepo.loadForAdmin(ctx.db);
  const warnings: string[] = [];
  const checkRange = (name: string, serviceId: string, quantities: number[]) => {
    const service = services.find((s) => s.service === serviceId);
    if (!service) {
      warnings.push(`${name}: o serviço ${serviceId} não existe no painel do fornecedor.`);
      return;
    }
    for (const q of quantities)
      if (q < service.min || q > service.max)
        warnings.push(
          `${name}: ${q} está fora do mínimo/máximo do serviço ${serviceId} (${service.min}–${service.max}).`,
        );
  };
  const rows = productIds.map((product) => {
    const serviceId = ctx.serviceIds[product] ?? '';
    const service = services.find((s) => s.service === serviceId);
    const name = productKind(product).name;
    const packages = catalogue.products.find((p) => p.id === product)?.packages ?? [];
    // A package with a service of its own is checked against that one (ADR 021).
    for (const pack of packages.filter((p) => p.panelServiceId))
      checkRange(`${name} ${pack.amount}`, pack.panelServiceId!, [pack.amount]);
    const quantities = packages.filter((p) => !p.panelServiceId).map((p) => p.amount);
    if (product === 'followers')
      quantities.push(
        ...catalogue.plans.map((p) => planDailyFollowers({ min: p.dailyMin, max: p.dailyMax })),
      );
    // No service named for the product: it is not sold (issue 26), there is nothing to check.
    if (serviceId) checkRange(name, serviceId, quantities);
    if (!service) {
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
    const { name: serviceName, min, max, rate, refill, dripfeed } = service;
    return { product, serviceId, name: serviceName, min, max, rate, refill, dripfeed };
  });
  const components = componentReport(ctx, catalogue.plans, services);
  warnings.push(...components.flatMap((c) => (c.problem ? [c.problem] : [])));
  const conversion = currencyRule(balance.currency, ctx.brlRate ?? null);
  const costs = {
    conversion,
    packages: packageCosts(catalogue.products, ctx.serviceIds, services, conversion),
  };
  return { provider: ctx.panel.name, balance, services: rows, components, warnings, costs };
}
