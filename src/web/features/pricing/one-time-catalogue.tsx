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
      {products.map((product) => (
        <section key={product.id} aria-labelledby={`catalogo-${product.id}`} className="mt-10">
          <h2 id={`catalogo-${product.id}`} className={sectionTitle}>
            {product.name}
          </h2>
          <p className="mt-2 text-slate-700">{product.description}</p>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
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
