import { messages } from '#shared/messages.ts';
import { formatBRL, formatInteger } from '#shared/money.ts';
import { orderStatusLabels, paymentMethodLabels, paymentStatusLabels } from '#shared/orders.ts';
import { productKind } from '#shared/pricing.ts';
import { PageShell } from '../../components/layout/page-shell';
import { container } from '../../components/ui/styles';
import { useWhatsappLink } from '../../lib/whatsapp';
import { paths } from '../../paths';
import { Link } from '../../router/link';
import { useSearchParams } from '../../router/router';
import { OrderError, serviceTitle, useLiveOrder, PaymentNotice, orderPath } from '../orders';
import type { CreateOrderResponse } from '#shared/schemas/order-view.ts';

const nextSteps = [
  'Você recebe o código de compra por e-mail.',
  'O processamento começa em 1 a 24 horas após a confirmação do pagamento.',
  'A entrega é gradual; mantenha o perfil público e o @ sem mudanças até o fim.',
  'Acompanhe o pedido a qualquer momento em Consultar Compra.',
];

/** A card held for the provider's risk analysis: the page follows it until it is decided. */
const inAnalysis = (data: CreateOrderResponse) =>
  data.order.paymentStatus === 'unpaid' && data.payment?.status === 'in_analysis';

/** /obrigado?pedido_id=… (or ?session_id=…, the old hosted-checkout return; our orders use their id). */
export function ThankYouPage() {
  const params = useSearchParams();
  const orderId = params.get('pedido_id') ?? params.get('session_id');
  const { state } = useLiveOrder(orderId, { pollWhile: inAnalysis, pollMs: 5000 });
  const help = useWhatsappLink('Olá! Preciso de ajuda com o meu pedido.');
  const missing = !orderId;

  return (
    <PageShell backLink>
      <div className={`${container} max-w-2xl py-10`}>
        <h1 className="text-3xl font-extrabold text-slate-900">Obrigado pela compra!</h1>
        {missing && <OrderError message={messages.session_or_order_missing} />}
        {!missing && state.kind === 'loading' && <p className="mt-6 text-slate-700">Carregando…</p>}
        {!missing && state.kind === 'error' && (
          <OrderError
            message={
              state.message === messages.order_id_missing ? messages.purchase_load_failed : state.message
            }
          />
        )}
        {state.kind === 'loaded' && (
          <>
            <PaymentNotice data={state.data} />
            <dl className="mt-6 divide-y divide-slate-200 rounded-2xl bg-white ring-1 ring-slate-200">
              {(
                [
                  ...(state.data.order.purchaseCode
                    ? ([['Código de compra', state.data.order.purchaseCode]] satisfies Array<
                        [string, string]
                      >)
                    : []),
                  ['E-mail', state.data.order.email],
                  ['Serviço', serviceTitle(state.data.order)],
                  ...state.data.order.addOns.map((a): [string, string] => [
                    'Adicional',
                    `${formatInteger(a.quantity)} ${productKind(a.product).unitLabel}`,
                  ]),
                  ['Total', formatBRL(state.data.order.totalCents)],
                  ['Cliente', `${state.data.order.firstName} · ${state.data.order.whatsapp}`],
                  ['Perfil', `@${state.data.order.instagram}`],
                  [
                    'Pagamento',
                    `${paymentMethodLabels[state.data.order.paymentMethod]} · ${paymentStatusLabels[state.data.order.paymentStatus]}`,
                  ],
                  ['Status', orderStatusLabels[state.data.order.status]],
                ] satisfies Array<[string, string]>
              ).map(([term, value], index) => (
                <div key={`${term}-${index}`} className="grid gap-1 px-5 py-3 sm:grid-cols-3">
                  <dt className="font-semibold text-slate-700">{term}</dt>
                  <dd className="text-slate-900 sm:col-span-2">{value}</dd>
                </div>
              ))}
            </dl>
            <h2 className="mt-8 text-xl font-bold text-slate-900">Próximos passos</h2>
            <ol className="mt-3 list-decimal space-y-1 pl-5 text-slate-800">
              {nextSteps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            <h2 className="mt-8 text-xl font-bold text-slate-900">Precisa de ajuda?</h2>
            <ul className="mt-3 space-y-2">
              <li>
                <a
                  href={help}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-semibold text-fuchsia-800 underline"
                >
                  Falar com o suporte no WhatsApp
                </a>
              </li>
              <li>
                <Link
                  to={orderPath(state.data.order.id)}
                  className="font-semibold text-fuchsia-800 underline"
                >
                  Ver detalhes do pedido
                </Link>
              </li>
              <li>
                <Link to={paths.refund} className="font-semibold text-fuchsia-800 underline">
                  Política de Reembolso
                </Link>
              </li>
              {state.data.order.paymentStatus !== 'paid' && (
                <li>
                  <Link
                    to={orderPath(state.data.order.id)}
                    className="font-semibold text-fuchsia-800 underline"
                  >
                    Tentar o pagamento novamente
                  </Link>
                </li>
              )}
            </ul>
          </>
        )}
      </div>
    </PageShell>
  );
}
