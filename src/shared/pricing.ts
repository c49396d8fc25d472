import {
  addOnPercent,
  maxInstalments,
  productIds,
  productKinds,
  whatsappSettlementAboveCents,
  type Catalogue,
  type Package,
  type Plan,
  type PlanId,
  type Product,
  type ProductId,
  type ProductKind,
} from './catalogue';

/** A product's fixed description (name, unit, delivery); prices come from the catalogue. */
export function productKind(id: ProductId): ProductKind {
  const kind = productKinds.find((p) => p.id === id);
  if (!kind) throw new Error(`unknown product ${id}`);
  return kind;
}

export function findProduct(catalogue: Catalogue, id: ProductId): Product {
  const product = catalogue.products.find((p) => p.id === id);
  if (!product) throw new Error(`unknown product ${id}`);
  return product;
}

export function findPackage(catalogue: Catalogue, productId: ProductId, amount: number): Package | undefined {
  return findProduct(catalogue, productId).packages.find((p) => p.amount === amount);
}

/**
 * docs/product.md#catalogue: off in the catalogue, or switched off by the operator (UNAVAILABLE_PACKAGES);
 * `likes-*` switches off a whole product (one the panel has no service for).
 */
export function isPackageAvailable(pack: Package, switchedOff: readonly string[] = []): boolean {
  const product = pack.id.replace(/-\d+$/, '-*');
  return pack.available && !switchedOff.includes(pack.id) && !switchedOff.includes(product);
}

/** A whole product switched off (`likes-*`: the panel has no service for it): not sold, not even as an add-on. */
export const isProductSwitchedOff = (product: ProductId, switchedOff: readonly string[]) =>
  switchedOff.includes(`${product}-*`);

export function findPlan(catalogue: Catalogue, id: PlanId): Plan {
  const plan = catalogue.plans.find((p) => p.id === id);
  if (!plan) throw new Error(`unknown plan ${id}`);
  return plan;
}

/** "16 a 25 seguidores por dia": the plan's first line, written from what delivery sends. */
export function dailyPromise(plan: Pick<Plan, 'dailyFollowers'>): string {
  return `${plan.dailyFollowers.min} a ${plan.dailyFollowers.max} seguidores por dia`;
}

/** The two other products a buyer of `productId` may add (docs/product.md#add-ons). */
export function addOnProductsFor(productId: ProductId): ProductId[] {
  return productIds.filter((id) => id !== productId);
}

/** docs/product.md#add-ons: floor(30 % of the purchased amount), in integer arithmetic. */
export function addOnQuantity(purchasedAmount: number): number {
  return Math.floor((purchasedAmount * addOnPercent) / 100);
}

export function addOnPriceCents(
  catalogue: Catalogue,
  addOnProductId: ProductId,
  purchasedAmount: number,
): number {
  return findProduct(catalogue, addOnProductId).addOnUnitCents * addOnQuantity(purchasedAmount);
}

export interface AddOnLine {
  product: ProductId;
  quantity: number;
  priceCents: number;
}

export interface OneTimeQuote {
  product: ProductId;
  amount: number;
  packageCents: number;
  addOns: AddOnLine[];
  addOnsCents: number;
  totalCents: number;
  settlesOnWhatsapp: boolean;
}

/**
 * Prices a one-time order from the catalogue alone (docs/product.md#prices). Returns undefined for an unknown
 * or unavailable package; add-ons that are not offered for the product are ignored, duplicates count once.
 */
export function quoteOneTime(
  catalogue: Catalogue,
  productId: ProductId,
  amount: number,
  addOnIds: readonly ProductId[] = [],
  switchedOff: readonly string[] = [],
): OneTimeQuote | undefined {
  const pack = findPackage(catalogue, productId, amount);
  if (!pack || !isPackageAvailable(pack, switchedOff)) return undefined;
  const offered = addOnProductsFor(productId);
  const addOns = offered
    .filter((id) => addOnIds.includes(id))
    .map((id) => ({
      product: id,
      quantity: addOnQuantity(amount),
      priceCents: addOnPriceCents(catalogue, id, amount),
    }));
  const addOnsCents = addOns.reduce((sum, line) => sum + line.priceCents, 0);
  const totalCents = pack.priceCents + addOnsCents;
  return {
    product: productId,
    amount,
    packageCents: pack.priceCents,
    addOns,
    addOnsCents,
    totalCents,
    settlesOnWhatsapp: totalCents > whatsappSettlementAboveCents,
  };
}

export interface InstalmentOption {
  count: number;
  /** Value of each instalment; the remainder of the division goes to the last one (as Asaas does). */
  instalmentCents: number;
  lastInstalmentCents: number;
}

export function instalmentOptions(totalCents: number): InstalmentOption[] {
  return Array.from({ length: maxInstalments }, (_, i) => {
    const count = i + 1;
    const instalmentCents = Math.floor(totalCents / count);
    return { count, instalmentCents, lastInstalmentCents: totalCents - instalmentCents * (count - 1) };
  });
}

/** 'A partir de …' prices for marketing copy. */
export function lowestPackageCents(catalogue: Catalogue): number {
  return Math.min(
    ...catalogue.products.flatMap((p) => p.packages.filter((k) => k.available).map((k) => k.priceCents)),
  );
}

export function lowestPlanCents(catalogue: Catalogue): number {
  return Math.min(...catalogue.plans.map((p) => p.priceCents));
}
