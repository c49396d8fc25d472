import type { Product } from './catalogue';

// docs/product.md#guarantee: the refill guarantee in the owner's days, per product, wherever the site names
// it, so an edit in "Catálogo e preços" shows everywhere and a product with 0 days is never "0 dias".

type Covered = Pick<Product, 'unitLabel' | 'guaranteeDays'>;

const list = (words: readonly string[]) =>
  words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} e ${words.at(-1)}`;

export const daysText = (days: number) => (days === 1 ? '1 dia' : `${days} dias`);

/** "Garantia de 30 dias" on a package, or that there is none. */
export const packageGuaranteeLine = (days: number) =>
  days > 0 ? `Garantia de ${daysText(days)}` : 'Sem garantia de reposição';

export const everyProductGuaranteed = (products: readonly Covered[]) =>
  products.every((p) => p.guaranteeDays > 0);

/**
 * "Garantia de reposição: 30 dias para seguidores e 15 dias para curtidas e visualizações", products of the
 * same days together; those with none are named as such.
 */
export function guaranteeSummary(products: readonly Covered[]): string {
  const groups = new Map<number, string[]>();
  for (const p of products)
    groups.set(p.guaranteeDays, [...(groups.get(p.guaranteeDays) ?? []), p.unitLabel]);
  const covered = [...groups]
    .filter(([days]) => days > 0)
    .map(([days, labels]) => `${daysText(days)} para ${list(labels)}`);
  const none = groups.get(0) ?? [];
  if (covered.length === 0) return 'Sem garantia de reposição nos pacotes avulsos';
  const noneText = none.length ? `; ${list(none)} sem garantia de reposição` : '';
  return `Garantia de reposição: ${list(covered)}${noneText}`;
}
