import {
  addOnPercent,
  maxInstalments,
  plans,
  products,
  whatsappSettlementAboveCents,
  type Package,
  type Plan,
  type PlanId,
  type Product,
  type ProductId,
} from './catalogue';

export function findProduct(id: ProductId): Product {
  const product = products.find((p) => p.id === id);
  if (!product) throw new Error(`unknown product ${id}`);
  return product;
}

export function findPackage(productId: ProductId, amount: number): Package | undefined {
  return findProduct(productId).packages.find((p) => p.amount === amount);
}

/** DECISIONS 6: off in the catalogue, or switched off by the operator (UNAVAILABLE_PACKAGES). */
export function isPackageAvailable(pack: Package, switchedOff: readonly string[] = []): boolean {
  return pack.available && !switchedOff.includes(pack.id);
}

export function findPlan(id: PlanId): Plan {
  const plan = plans.find((p) => p.id === id);
  if (!plan) throw new Error(`unknown plan ${id}`);
  return plan;
}

/** The two other products a buyer of `productId` may add (spec §9 order bumps). */
export function addOnProductsFor(productId: ProductId): ProductId[] {
  return products.map((p) => p.id).filter((id) => id !== productId);
}

/** DECISIONS 3: floor(30 % of the purchased amount), in integer arithmetic. */
export function addOnQuantity(purchasedAmount: number): number {
  return Math.floor((purchasedAmount * addOnPercent) / 100);
}

export function addOnPriceCents(addOnProductId: ProductId, purchasedAmount: number): number {
  return findProduct(addOnProductId).addOnUnitCents * addOnQuantity(purchasedAmount);
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
 * Prices a one-time order from the catalogue alone (DECISIONS 5). Returns undefined for an unknown or
 * unavailable package; add-ons that are not offered for the product are ignored, duplicates count once.
 */
export function quoteOneTime(
  productId: ProductId,
  amount: number,
  addOnIds: readonly ProductId[] = [],
  switchedOff: readonly string[] = [],
): OneTimeQuote | undefined {
  const pack = findPackage(productId, amount);
  if (!pack || !isPackageAvailable(pack, switchedOff)) return undefined;
  const offered = addOnProductsFor(productId);
  const addOns = offered
    .filter((id) => addOnIds.includes(id))
    .map((id) => ({ product: id, quantity: addOnQuantity(amount), priceCents: addOnPriceCents(id, amount) }));
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
export function lowestPackageCents(): number {
  return Math.min(...products.flatMap((p) => p.packages.filter((k) => k.available).map((k) => k.priceCents)));
}

export function lowestPlanCents(): number {
  return Math.min(...plans.map((p) => p.priceCents));
}
