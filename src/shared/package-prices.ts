import { whatsappSettlementAboveCents, type Package } from './catalogue';
import { discountedPrice } from './discounts';

/**
 * A package's prices as a buyer in Brazil reads them on its card (issue 45 §3, §5): the PIX price when the
 * shop gives a PIX discount (the same rounding the server charges), whether it is settled on WhatsApp, the
 * price per 1.000 and what it saves against the product's smallest package.
 */
export interface PackagePrices {
  /** Null when no PIX discount applies (none set, or the package is settled on WhatsApp). */
  pixCents: number | null;
  settlesOnWhatsapp: boolean;
  perThousandCents: number;
  /** Whole percent saved per unit against the smallest package; 0 for it and for any not cheaper. */
  savingPercent: number;
}

const perThousand = (pack: Pick<Package, 'amount' | 'priceCents'>) =>
  Math.round((pack.priceCents * 1000) / pack.amount);

export function packagePrices(
  pack: Pick<Package, 'amount' | 'priceCents'>,
  siblings: ReadonlyArray<Pick<Package, 'amount' | 'priceCents'>>,
  pixPercent: number,
): PackagePrices {
  const settlesOnWhatsapp = pack.priceCents > whatsappSettlementAboveCents;
  const pix = discountedPrice(pack.priceCents, null, pixPercent).totalCents;
  const smallest = [...siblings].sort((a, b) => a.amount - b.amount)[0] ?? pack;
  const base = perThousand(smallest);
  const own = perThousand(pack);
  return {
    pixCents: !settlesOnWhatsapp && pixPercent > 0 && pix < pack.priceCents ? pix : null,
    settlesOnWhatsapp,
    perThousandCents: own,
    savingPercent: own < base ? Math.floor(((base - own) * 100) / base) : 0,
  };
}
