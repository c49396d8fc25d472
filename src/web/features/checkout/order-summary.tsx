import { formatBRL, formatInteger } from '#shared/money.ts';
import { type OneTimeQuote, productKind } from '#shared/pricing.ts';

export function OrderSummary({
  title,
  quote,
  baseCents,
  discounts,
  totalCents,
}: {
  title: string;
  quote: OneTimeQuote | null;
  /** The package's or the plan's price. */
  baseCents: number;
  discounts: { couponCode: string | null; couponDiscountCents: number; pixDiscountCents: number };
  totalCents: number;
}) {
  return (
    <section aria-labelledby="resumo-titulo" className="rounded-2xl bg-slate-50 p-5 ring-1 ring-slate-200">
      <h2 id="resumo-titulo" className="text-lg font-bold text-slate-900">
        Resumo do pedido
      </h2>
      <dl className="mt-3 space-y-2 text-slate-800">
        <div className="flex justify-between gap-4">
          <dt>{title}</dt>
          <dd>{formatBRL(quote ? quote.packageCents : baseCents)}</dd>
        </div>
        {quote?.addOns.map((line) => (
          <div key={line.product} className="flex justify-between gap-4">
            <dt>
              + {formatInteger(line.quantity)} {productKind(line.product).unitLabel}
            </dt>
            <dd>{formatBRL(line.priceCents)}</dd>
          </div>
        ))}
        {discounts.couponDiscountCents > 0 && (
          <div className="flex justify-between gap-4 text-green-800">
            <dt>Cupom {discounts.couponCode}</dt>
            <dd>−{formatBRL(discounts.couponDiscountCents)}</dd>
          </div>
        )}
        {discounts.pixDiscountCents > 0 && (
          <div className="flex justify-between gap-4 text-green-800">
            <dt>Desconto PIX</dt>
            <dd>−{formatBRL(discounts.pixDiscountCents)}</dd>
          </div>
        )}
        <div className="flex justify-between gap-4 border-t border-slate-300 pt-2 text-lg font-extrabold text-slate-900">
          <dt>Total</dt>
          <dd data-testid="order-total">{formatBRL(totalCents)}</dd>
        </div>
      </dl>
    </section>
  );
}
