import { formatBRL, formatInteger } from '../../../shared/money';
import { type OneTimeQuote, findProduct } from '../../../shared/pricing';

export function OrderSummary({
  title,
  quote,
  totalCents,
}: {
  title: string;
  quote: OneTimeQuote | null;
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
          <dd>{formatBRL(quote ? quote.packageCents : totalCents)}</dd>
        </div>
        {quote?.addOns.map((line) => (
          <div key={line.product} className="flex justify-between gap-4">
            <dt>
              + {formatInteger(line.quantity)} {findProduct(line.product).unitLabel}
            </dt>
            <dd>{formatBRL(line.priceCents)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-slate-300 pt-2 text-lg font-extrabold text-slate-900">
          <dt>Total</dt>
          <dd data-testid="order-total">{formatBRL(totalCents)}</dd>
        </div>
      </dl>
    </section>
  );
}
