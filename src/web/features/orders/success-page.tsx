import { useEffect, useState } from 'react';
import { messages } from '#shared/messages.ts';
import type { CreateOrderResponse } from '#shared/schemas/order-view.ts';
import { pushDataLayer } from '../../lib/consent';
import { PageShell } from '../../components/layout/page-shell';
import { container } from '../../components/ui/styles';
import { StatusIcon } from '../../components/ui/icons';
import { Link } from '../../router/link';
import { useNavigate, useSearchParams } from '../../router/router';
import { useLiveOrder } from './use-order';
import { orderPage, paths } from '../../paths';

/** Polled until paid, or until the card attempt is refused for good (the buyer pays again on the order page). */
const unpaid = (data: CreateOrderResponse) =>
  data.order.paymentStatus !== 'paid' &&
  data.payment?.status !== 'reproved' &&
  data.payment?.status !== 'declined';

/** What the page may honestly say about the order (issue 12): confirmed only when it is paid. */
function headline(data: CreateOrderResponse | null): {
  icon: 'ok' | 'no' | 'wait' | 'warn';
  title: string;
  text: string | null;
} {
  if (!data) return { icon: 'wait', title: 'Verificando o pagamento…', text: null };
  if (data.order.paymentStatus === 'paid')
    return { icon: 'ok', title: 'Pagamento confirmado!', text: 'O processamento começa em 1 a 24 horas.' };
  if (data.payment?.status === 'reproved')
    return { icon: 'no', title: 'Pagamento não aprovado', text: messages.card_risk_reproved };
  if (data.payment?.status === 'declined')
    return { icon: 'no', title: 'Pagamento não aprovado', text: messages.card_declined };
  if (data.payment?.status === 'in_analysis' || data.next === 'thanks')
    return {
      icon: 'wait',
      title: 'Pagamento em análise',
      text: 'A operadora está confirmando o pagamento. Esta página se atualiza sozinha e avisamos por e-mail.',
    };
  return {
    icon: 'wait',
    title: 'Aguardando pagamento',
    text: 'Ainda não recebemos a confirmação. Esta página se atualiza sozinha; se preferir, pague pela página do pedido.',
  };
}

/** /success: polls our server; the code and a redirect to /order/{id} once the order is paid. */
export function SuccessPage() {
  const orderId = useSearchParams().get('order_id');
  const navigate = useNavigate();
  const { state } = useLiveOrder(orderId, { pollWhile: unpaid, pollMs: 4000 });
  const data = state.kind === 'loaded' ? state.data : null;
  // Without an order id there is nothing to wait for: the spec's countdown goes to /dashboard.
  const paid = !orderId || data?.order.paymentStatus === 'paid';
  const [seconds, setSeconds] = useState(10);
  const target = orderId ? orderPage(orderId) : paths.dashboard;

  useEffect(() => {
    if (!paid) return;
    const timer = window.setInterval(() => setSeconds((s) => Math.max(0, s - 1)), 1000);
    return () => window.clearInterval(timer);
  }, [paid]);
  useEffect(() => {
    if (paid && seconds === 0) navigate(target, { replace: true });
  }, [paid, seconds, navigate, target]);
  useEffect(() => {
    if (!data || data.order.paymentStatus !== 'paid') return;
    pushDataLayer({
      event: 'purchase',
      // Opaque: the purchase code proves the order, and analytics tools keep what they get (ADR 041).
      transaction_id: data.order.transactionId,
      currency: 'BRL',
      value: data.order.totalCents / 100,
    });
    // Once per order: `paid` turns true once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paid]);

  const { icon, title, text } = !orderId
    ? { icon: 'ok' as const, title: 'Pagamento concluído!', text: 'Acompanhe os seus pedidos no painel.' }
    : state.kind === 'error'
      ? { icon: 'warn' as const, title: 'Não foi possível verificar o pagamento', text: state.message }
      : headline(data);
  return (
    <PageShell backLink>
      <div className={`${container} max-w-2xl py-12 text-center`}>
        <StatusIcon kind={icon} className="mx-auto h-16 w-16" />
        <h1 className="mt-4 text-3xl font-extrabold text-slate-900" aria-live="polite">
          {title}
        </h1>
        {data?.order.purchaseCode && (
          <p className="mt-4 text-lg text-slate-800">
            Seu código de compra é <strong data-testid="purchase-code">{data.order.purchaseCode}</strong>.
            Guarde-o para consultar o pedido.
          </p>
        )}
        {/* Three lines kept while the order loads, so the text that comes moves nothing below it. */}
        {(text || state.kind === 'loading') && <p className="mt-4 min-h-[3lh] text-slate-700">{text}</p>}
        {paid && (
          <p className="mt-6 text-slate-700" aria-live="polite">
            Redirecionando em {seconds} s…
          </p>
        )}
        <Link to={target} className="mt-2 inline-block font-semibold text-fuchsia-800 underline">
          {orderId ? 'Ver detalhes do pedido agora' : 'Ir para o painel'}
        </Link>
      </div>
    </PageShell>
  );
}
