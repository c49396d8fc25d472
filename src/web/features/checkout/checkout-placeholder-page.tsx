import { useEffect, useState } from 'react';
import { Link } from '../../router/link';
import { useSearchParams } from '../../router/router';
import { planIds, productIds, type PlanId, type ProductId } from '../../../shared/catalogue';
import { messages } from '../../../shared/messages';
import { formatBRL, formatInteger } from '../../../shared/money';
import { findPlan, findProduct, quoteOneTime } from '../../../shared/pricing';
import { PageShell } from '../../components/layout/page-shell';
import { WhatsappIcon } from '../../components/ui/icons';
import { buttonWhatsapp, container } from '../../components/ui/styles';
import { track } from '../../lib/analytics';
import { readStorage } from '../../lib/storage';
import { useWhatsappLink } from '../../lib/whatsapp';
import { paths } from '../../paths';

function describe(params: URLSearchParams): { title: string; totalCents: number } | { error: string } {
  const type = params.get('type');
  if (type === 'recurring') {
    const plan = params.get('plan');
    if (!planIds.includes(plan as PlanId)) return { error: messages.unknown_plan };
    const found = findPlan(plan as PlanId);
    return { title: `Plano ${found.name} (mensal)`, totalCents: found.priceCents };
  }
  if (!productIds.includes(type as ProductId)) return { error: messages.unknown_package };
  const quote = quoteOneTime(type as ProductId, Number(params.get('amount')));
  if (!quote) return { error: messages.unknown_package };
  return {
    title: `${formatInteger(quote.amount)} ${findProduct(quote.product).unitLabel}`,
    totalCents: quote.totalCents,
  };
}

/** Until the checkout issue lands: the chosen item, priced from the catalogue, and a WhatsApp way to buy. */
export function CheckoutPlaceholderPage() {
  const params = useSearchParams();
  const item = describe(params);
  const [handle, setHandle] = useState<string | null>(null);
  useEffect(() => {
    setHandle(readStorage('local', 'ig_handle'));
    if (!('error' in item)) track('checkout');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const message =
    'error' in item
      ? ''
      : `Olá! Quero comprar: ${item.title} (${formatBRL(item.totalCents)})${handle ? ` para o perfil @${handle}` : ''}.`;
  const whatsapp = useWhatsappLink(message);

  return (
    <PageShell backLink>
      <section className={`${container} max-w-2xl py-12`}>
        <h1 className="text-3xl font-extrabold text-slate-900">Finalizar compra</h1>
        {'error' in item ? (
          <div role="alert" className="mt-6 rounded-2xl bg-red-50 p-6 text-red-900 ring-1 ring-red-200">
            <p className="font-semibold">{item.error}</p>
            <Link to={paths.pricing} className="mt-3 inline-block font-semibold underline">
              Ver pacotes e preços
            </Link>
          </div>
        ) : (
          <div className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <h2 className="text-lg font-bold text-slate-900">Resumo do pedido</h2>
            <p className="mt-2 text-slate-800">
              {item.title}
              {handle && <> · @{handle}</>}
            </p>
            <p className="mt-1 text-2xl font-extrabold text-slate-900">{formatBRL(item.totalCents)}</p>
            <p className="mt-4 text-slate-700">
              O pagamento online por PIX e cartão abre em breve nesta página. Para concluir agora, fale com a
              gente pelo WhatsApp: enviamos o PIX na hora.
            </p>
            <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={`${buttonWhatsapp} mt-4`}>
              <WhatsappIcon />
              Concluir pelo WhatsApp
            </a>
          </div>
        )}
      </section>
    </PageShell>
  );
}
