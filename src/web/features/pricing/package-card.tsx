import { useState, type MouseEvent } from 'react';
import type { Package, Product } from '#shared/catalogue.ts';
import { formatBRL, formatInteger } from '#shared/money.ts';
import { messages } from '#shared/messages.ts';
import { packagePrices } from '#shared/package-prices.ts';
import { CheckIcon } from '../../components/ui/icons';
import { buttonPrimary, buttonSecondary } from '../../components/ui/styles';
import { isPackageAvailable } from '#shared/pricing.ts';
import { packageGuaranteeLine } from '#shared/guarantee.ts';
import { track } from '../../lib/analytics';
import { useCatalogue, useShop } from '../../lib/boot';
import { checkoutUrl } from '../../paths';

/**
 * A package as a buyer in Brazil reads it (issue 45 §3, §5): the PIX price first when the shop gives a PIX
 * discount, the card price beside it, the price per 1.000 and what larger packages save, and, above the
 * WhatsApp limit, that the order is finished with the team on WhatsApp.
 */
export function PackageCard({
  product,
  pack,
  onBuy,
}: {
  product: Product;
  pack: Package;
  onBuy: (product: Product, pack: Package) => void;
}) {
  const { unavailablePackages } = useShop();
  const { pixDiscountPercent } = useCatalogue();
  const [unavailable, setUnavailable] = useState(false);
  const title = `${formatInteger(pack.amount)} ${product.unitLabel}`;
  const prices = packagePrices(pack, product.packages, pixDiscountPercent);
  // A real link to the checkout with the package (issue 45 §1): a tap before the scripts run goes there;
  // once they run, the purchase modal opens instead.
  const buy = (event: MouseEvent<HTMLAnchorElement>) => {
    track('botao_compra');
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (!isPackageAvailable(pack, unavailablePackages)) {
      setUnavailable(true);
      return;
    }
    onBuy(product, pack);
  };
  const priceLabel = prices.pixCents
    ? `${formatBRL(prices.pixCents)} no PIX ou ${formatBRL(pack.priceCents)} no cartão`
    : formatBRL(pack.priceCents);
  return (
    <li
      className={`relative flex flex-col rounded-2xl bg-white p-5 shadow-sm ${pack.popular ? 'ring-2 ring-fuchsia-700' : 'ring-1 ring-slate-200'}`}
    >
      {pack.popular && (
        <p className="absolute -top-3 left-5 rounded-full bg-fuchsia-700 px-3 py-0.5 text-xs font-bold uppercase text-white">
          Mais popular
        </p>
      )}
      <div className="flex items-start justify-between gap-2">
        <h3 className="text-lg font-bold text-slate-900">{title}</h3>
        {prices.savingPercent >= 5 && (
          <p className="shrink-0 rounded-full bg-green-100 px-2 py-0.5 text-xs font-bold text-green-900">
            Economize {prices.savingPercent}%
          </p>
        )}
      </div>
      {prices.pixCents ? (
        <>
          <p className="mt-1 text-2xl font-extrabold text-slate-900">
            {formatBRL(prices.pixCents)} <span className="text-base font-bold text-green-800">no PIX</span>
          </p>
          <p className="text-sm text-slate-700">ou {formatBRL(pack.priceCents)} no cartão em até 12x</p>
        </>
      ) : (
        <p className="mt-1 text-2xl font-extrabold text-slate-900">{formatBRL(pack.priceCents)}</p>
      )}
      <p className="text-sm text-slate-600">{formatBRL(prices.perThousandCents)} por 1.000</p>
      {prices.settlesOnWhatsapp && (
        <p className="mt-2 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900 ring-1 ring-green-200">
          Acima de R$ 150: o pedido é finalizado com a nossa equipe pelo WhatsApp.
        </p>
      )}
      <ul className="mt-3 flex-1 space-y-1 text-sm text-slate-700">
        {[
          `Ativação em ${product.activation}`,
          packageGuaranteeLine(product.guaranteeDays),
          ...pack.perks,
        ].map((line) => (
          <li key={line} className="flex gap-2">
            <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-fuchsia-700" />
            {line}
          </li>
        ))}
      </ul>
      <a
        href={checkoutUrl({ type: product.id, amount: pack.amount })}
        onClick={buy}
        aria-label={`Comprar ${title} por ${priceLabel}`}
        className={`${pack.popular ? buttonPrimary : buttonSecondary} mt-4 w-full`}
      >
        Comprar
      </a>
      {unavailable && (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
          {messages.product_unavailable}
        </p>
      )}
    </li>
  );
}
