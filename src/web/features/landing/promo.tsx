import { Link } from '../../router/link';
import { formatBRL } from '#shared/money.ts';
import { lowestPackageCents } from '#shared/pricing.ts';
import { everyProductGuaranteed } from '#shared/guarantee.ts';
import { paths } from '../../paths';
import { useCatalogue } from '../../lib/boot';
import { container } from '../../components/ui/styles';

export function Promo() {
  const catalogue = useCatalogue();
  return (
    <section aria-labelledby="promo-titulo" className="py-6">
      <div className={container}>
        <div className="flex flex-col items-start gap-4 rounded-3xl bg-gradient-to-r from-fuchsia-800 to-orange-700 p-8 text-white sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 id="promo-titulo" className="text-2xl font-extrabold">
              Pacotes a partir de {formatBRL(lowestPackageCents(catalogue))}
            </h2>
            <p className="mt-2 text-white">
              PIX na hora ou cartão em até 12x.
              {everyProductGuaranteed(catalogue.products) && ' Cada pedido acompanha garantia de reposição.'}
            </p>
          </div>
          <Link
            to={paths.pricing}
            className="inline-flex min-h-11 items-center rounded-full bg-white px-6 py-3 font-bold text-fuchsia-900 hover:bg-fuchsia-50"
          >
            Escolher meu pacote
          </Link>
        </div>
      </div>
    </section>
  );
}
