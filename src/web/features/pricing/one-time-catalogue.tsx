import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from '../../router/link';
import type { Package, Product } from '#shared/catalogue.ts';
import { useCatalogue } from '../../lib/boot';
import { CheckIcon } from '../../components/ui/icons';
import { container, sectionTitle } from '../../components/ui/styles';
import { paths } from '../../paths';
import { PackageCard } from './package-card';
import { everyProductGuaranteed } from '#shared/guarantee.ts';

const loadModal = () => import('./purchase-modal');
const PurchaseModal = lazy(loadModal);

const trustPoints = (guaranteed: boolean) => [
  'Sem senha: só o @ do perfil',
  'PIX ou cartão em até 12x',
  ...(guaranteed ? ['Garantia de reposição em todos os pacotes'] : []),
  'Suporte pelo WhatsApp',
];

export function OneTimeCatalogue() {
  const { products } = useCatalogue();
  const [selected, setSelected] = useState<{ product: Product; pack: Package } | null>(null);

  // Fetch the modal's code while the visitor reads the prices, so the first click opens it at once.
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1500));
    idle(() => void loadModal());
  }, []);

  return (
    <div className={container}>
      {/* Jump links: plain anchors, so they work before the scripts run (issue 45 §5). */}
      <nav
        aria-label="Produtos"
        className="sticky top-[calc(4rem+var(--test-banner,0px))] z-30 -mx-4 mt-6 bg-white/95 px-4 py-2 backdrop-blur sm:mx-0 sm:px-0"
      >
        <ul className="flex gap-2">
          {products.map((product) => (
            <li key={product.id} className="min-w-0 flex-1 sm:flex-none">
              <a
                href={`#catalogo-${product.id}`}
                className="flex min-h-11 items-center justify-center rounded-full border-2 border-fuchsia-700 px-2 text-sm font-bold text-fuchsia-800 hover:bg-fuchsia-50 sm:px-5"
              >
                {product.name}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {products.map((product) => (
        <section
          key={product.id}
          id={`catalogo-${product.id}`}
          aria-labelledby={`catalogo-${product.id}-titulo`}
          className="mt-8 scroll-mt-[calc(8rem+var(--test-banner,0px))]"
        >
          <h2 id={`catalogo-${product.id}-titulo`} className={sectionTitle}>
            {product.name}
          </h2>
          <p className="mt-2 text-slate-700">{product.description}</p>
          {/* On a phone, a row to swipe (the next card peeks in); wider screens, a grid. */}
          <ul className="-mx-4 mt-6 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-2 pt-3 sm:mx-0 sm:grid sm:grid-cols-2 sm:gap-6 sm:overflow-visible sm:px-0 lg:grid-cols-4 [&>li]:w-[78%] [&>li]:shrink-0 [&>li]:snap-start sm:[&>li]:w-auto">
            {product.packages.map((pack) => (
              <PackageCard
                key={pack.id}
                product={product}
                pack={pack}
                onBuy={(p, k) => setSelected({ product: p, pack: k })}
              />
            ))}
          </ul>
        </section>
      ))}
      <section
        aria-labelledby="confianca-titulo"
        className="mt-12 rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200"
      >
        <h2 id="confianca-titulo" className="text-xl font-bold text-slate-900">
          Compra segura
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {trustPoints(everyProductGuaranteed(products)).map((point) => (
            <li key={point} className="flex gap-2 text-slate-800">
              <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-green-700" />
              {point}
            </li>
          ))}
        </ul>
      </section>
      <aside className="mt-6 rounded-2xl bg-amber-50 p-5 text-amber-950 ring-1 ring-amber-200">
        <p>
          <strong>Disponibilidade limitada:</strong> a capacidade diária de entrega é limitada para manter a
          qualidade; em dias de alta procura o início pode levar até 48 horas. Leia os{' '}
          <Link to={paths.terms} className="font-semibold underline">
            Termos de Uso
          </Link>{' '}
          e o{' '}
          <Link to={paths.disclaimer} className="font-semibold underline">
            Aviso Legal
          </Link>
          .
        </p>
      </aside>
      {selected && (
        <Suspense fallback={null}>
          <PurchaseModal product={selected.product} pack={selected.pack} onClose={() => setSelected(null)} />
        </Suspense>
      )}
    </div>
  );
}
