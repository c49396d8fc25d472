import { useMemo } from 'react';
import { PageShell } from '../../components/layout/page-shell';
import { container } from '../../components/ui/styles';
import { useCatalogue, useShop } from '../../lib/boot';
import { Link } from '../../router/link';
import { useSearchParams } from '../../router/router';
import { paths } from '../../paths';
import { CheckoutFlow } from './checkout-flow';
import { resolveItem } from './resolve-item';

/** /checkout?type=…&amount=… or ?type=recurring&plan=… (docs/product.md#pages). */
export function CheckoutPage() {
  const params = useSearchParams();
  const { unavailablePackages } = useShop();
  const catalogue = useCatalogue();
  const resolved = useMemo(
    () => resolveItem(catalogue, params, unavailablePackages),
    [catalogue, params, unavailablePackages],
  );
  return (
    <PageShell backLink>
      <div className={`${container} max-w-2xl py-10`}>
        <h1 className="text-3xl font-extrabold text-slate-900">Finalizar compra</h1>
        {'error' in resolved ? (
          <div role="alert" className="mt-6 rounded-2xl bg-red-50 p-6 text-red-900 ring-1 ring-red-200">
            <p className="font-semibold">{resolved.error}</p>
            <Link to={paths.pricing} className="mt-3 inline-block font-semibold underline">
              Ver pacotes e preços
            </Link>
          </div>
        ) : (
          <CheckoutFlow resolved={resolved} />
        )}
      </div>
    </PageShell>
  );
}
