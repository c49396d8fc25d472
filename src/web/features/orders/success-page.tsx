import { useEffect, useState } from 'react';
import { pushDataLayer } from '../../lib/consent';
import { PageShell } from '../../components/layout/page-shell';
import { container } from '../../components/ui/styles';
import { Link } from '../../router/link';
import { useNavigate, useSearchParams } from '../../router/router';
import { useOrder } from './use-order';

/** /success: the code, then /order/{id} after 10 s (or /dashboard without an id). */
export function SuccessPage() {
  const orderId = useSearchParams().get('order_id');
  const navigate = useNavigate();
  const state = useOrder(orderId);
  const [seconds, setSeconds] = useState(10);
  const target = orderId ? `/order/${orderId}` : '/dashboard';

  useEffect(() => {
    const timer = window.setInterval(() => setSeconds((s) => Math.max(0, s - 1)), 1000);
    return () => window.clearInterval(timer);
  }, []);
  useEffect(() => {
    if (seconds === 0) navigate(target, { replace: true });
  }, [seconds, navigate, target]);
  useEffect(() => {
    if (state.kind === 'loaded') {
      pushDataLayer({
        event: 'purchase',
        transaction_id: state.data.order.purchaseCode,
        currency: 'BRL',
        value: state.data.order.totalCents / 100,
      });
    }
  }, [state]);

  return (
    <PageShell backLink>
      <div className={`${container} max-w-2xl py-12 text-center`}>
        <p aria-hidden="true" className="text-6xl">
          ✅
        </p>
        <h1 className="mt-4 text-3xl font-extrabold text-slate-900">Pagamento confirmado!</h1>
        {state.kind === 'loaded' && (
          <p className="mt-4 text-lg text-slate-800">
            Seu código de compra é{' '}
            <strong data-testid="purchase-code">{state.data.order.purchaseCode}</strong>. Guarde-o para
            consultar o pedido.
          </p>
        )}
        <p className="mt-4 text-slate-700">O processamento começa em 1 a 24 horas.</p>
        <p className="mt-6 text-slate-700" aria-live="polite">
          Redirecionando em {seconds} s…
        </p>
        <Link to={target} className="mt-2 inline-block font-semibold text-fuchsia-800 underline">
          {orderId ? 'Ver detalhes do pedido agora' : 'Ir para o painel'}
        </Link>
      </div>
    </PageShell>
  );
}
