import { planIds, productIds, type Catalogue, type ProductId } from '#shared/catalogue.ts';
import { messages } from '#shared/messages.ts';
import { formatInteger } from '#shared/money.ts';
import { oneOf } from '#shared/one-of.ts';
import { findPlan, productKind, isPackageAvailable, findPackage } from '#shared/pricing.ts';
import type { CheckoutItem } from '#shared/schemas/checkout.ts';

export interface ResolvedItem {
  item: CheckoutItem;
  title: string;
  baseCents: number;
  product: ProductId | null;
}

/** The query of /checkout, checked against the catalogue (the `price` parameter is never read). */
export function resolveItem(
  catalogue: Catalogue,
  params: URLSearchParams,
  switchedOff: readonly string[],
): ResolvedItem | { error: string } {
  const type = params.get('type');
  if (type === 'recurring') {
    const plan = oneOf(planIds, params.get('plan'));
    if (!plan) return { error: messages.unknown_plan };
    const found = findPlan(catalogue, plan);
    return {
      item: { type: 'recurring', plan: found.id },
      title: `Plano ${found.name} (mensal)`,
      baseCents: found.priceCents,
      product: null,
    };
  }
  const product = oneOf(productIds, type);
  if (!product) return { error: messages.unknown_package };
  const pack = findPackage(catalogue, product, Number(params.get('amount')));
  if (!pack) return { error: messages.unknown_package };
  if (!isPackageAvailable(pack, switchedOff)) return { error: messages.product_unavailable };
  return {
    item: { type: product, amount: pack.amount },
    title: `${formatInteger(pack.amount)} ${productKind(product).unitLabel}`,
    baseCents: pack.priceCents,
    product,
  };
}
