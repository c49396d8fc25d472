import type { ProductId } from '../../shared/catalogue';
import type { AdminPackageFields } from '../../shared/schemas/catalogue';
import type { PanelCosts } from '../../shared/schemas/deliveries';
import type { PanelService } from './panel';

/** A decimal string ('0.9', '12.3456') as an integer over a power of ten: exact, no float. */
function decimal(text: string): { units: bigint; scale: bigint } | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  return { units: BigInt(match[1]! + fraction), scale: 10n ** BigInt(fraction.length) };
}

/**
 * What `amount` units of a service cost in centavos: the panel's rate is per 1.000 units in its currency,
 * times the reais one unit of that currency is worth; rounded half up to the centavo.
 */
export function costCents(amount: number, rate: string, brlPerUnit: string): number | null {
  const r = decimal(rate);
  const b = decimal(brlPerUnit);
  if (!r || !b) return null;
  const numerator = BigInt(amount) * r.units * b.units * 100n;
  const denominator = 1000n * r.scale * b.scale;
  return Number((numerator * 2n + denominator) / (2n * denominator));
}

/**
 * How the panel's currency becomes reais (docs/admin.md#cost-and-margin): a panel in BRL needs nothing; any
 * other currency, or none reported, takes SMM_BRL_RATE; without it no cost is computed (never a guess).
 */
export function currencyRule(currency: string | null, brlRate: string | null): PanelCosts['conversion'] {
  const code = (currency ?? '').trim().toUpperCase();
  if (code === 'BRL') return { currency: code, rule: 'brl', brlPerUnit: '1' };
  if (brlRate) return { currency: code || null, rule: 'configured', brlPerUnit: brlRate };
  return { currency: code || null, rule: 'missing', brlPerUnit: null };
}

/** Each package's cost at its service's rate and its margin over the price (before fees and discounts). */
export function packageCosts(
  products: ReadonlyArray<{
    id: ProductId;
    packages: ReadonlyArray<Pick<AdminPackageFields, 'amount' | 'priceCents' | 'panelServiceId'>>;
  }>,
  serviceIds: Partial<Record<ProductId, string>>,
  services: readonly PanelService[],
  conversion: PanelCosts['conversion'],
): PanelCosts['packages'] {
  return products.flatMap((product) =>
    product.packages.map((pack) => {
      const serviceId = pack.panelServiceId ?? serviceIds[product.id] ?? null;
      const rate = services.find((s) => s.service === serviceId)?.rate ?? null;
      const cost =
        rate !== null && conversion.brlPerUnit !== null
          ? costCents(pack.amount, rate, conversion.brlPerUnit)
          : null;
      const margin = cost === null ? null : pack.priceCents - cost;
      return {
        product: product.id,
        amount: pack.amount,
        serviceId,
        rate,
        costCents: cost,
        marginCents: margin,
        // Basis points of the price: 4250 is 42,5 %.
        marginBasisPoints:
          margin === null || pack.priceCents === 0 ? null : Math.round((margin * 10_000) / pack.priceCents),
      };
    }),
  );
}
