import type { ProductId } from './catalogue';
import { productKind } from './pricing';

/**
 * Where each add-on that delivers to a post (likes, views) goes (issue 45 §4): its own link, or the order's
 * post when it has one; an add-on with neither has no target and is refused before the order is placed
 * (it would only end as "Link inválido" after the buyer paid for it).
 */
export function addOnTargets(input: {
  addOns: readonly ProductId[];
  addOnLinks: Partial<Record<ProductId, string>>;
  postLink?: string | null | undefined;
}): { links: Partial<Record<ProductId, string>>; missing: ProductId[] } {
  const links: Partial<Record<ProductId, string>> = {};
  const missing: ProductId[] = [];
  for (const addOn of input.addOns) {
    if (!productKind(addOn).needsPostLink) continue;
    const link = input.addOnLinks[addOn]?.trim() || input.postLink?.trim() || '';
    if (link) links[addOn] = link;
    else missing.push(addOn);
  }
  return { links, missing };
}
