import { useState } from 'react';
import { formatBRL } from '#shared/money.ts';
import { pixStateDisplay } from '#shared/payment-states.ts';
import type { OrderView, PaymentView } from '#shared/schemas/order-view.ts';
import { buttonSecondary } from '../../components/ui/styles';
import { useShop } from '../../lib/boot';
import { usePolling } from '../../lib/use-polling';
import { Link } from '../../router/link';
import { useNavigate } from '../../router/router';
import { PixTimeLeft } from './pix-time-left';
import { PixCopyField } from './pix-copy-field';
import { paidPage } from './after-paying';
import { confirmSandboxPayment, pixQrImageUrl, pollPayment } from './payment-api';

const toneClasses = {
  amber: 'bg-amber-100 text-amber-900 ring-amber-300',
  green: 'bg-green-100 text-green-900 ring-green-300',
  grey: 'bg-slate-100 text-slate-800 ring-slate-300',
};

/**
 * The QR code, copy-and-paste code and live status of a PIX charge (docs/product.md#pix). `orderLink` is
 * the order's page as the caller links it (with the tab's access token, which the orders feature keeps).
 */
export function PixView({
  order,
  payment,
  orderLink,
}: {
  order: OrderView;
  payment: PaymentView;
  orderLink: string;
}) {
  const navigate = useNavigate();
  const { sandbox } = useShop();
  const [chargeState, setChargeState] = useState(payment.status);
  const [paid, setPaid] = useState(false);
  const [simulating, setSimulating] = useState(false);
  const display = pixStateDisplay(chargeState);
  const paymentId = payment.id;

  const onPaid = () => {
    setPaid(true);
    window.setTimeout(() => navigate(paidPage(order.id)), 2000);
  };

  // Our server, not the provider, every 4 s for up to 10 minutes (docs/product.md#payment-confirmation).
  usePolling(
    async () => {
      const state = await pollPayment(order.id);
      if (state.chargeState) setChargeState(state.chargeState);
      if (state.paymentStatus === 'paid') {
        onPaid();
        return true;
      }
      return false;
    },
    4000,
    10 * 60 * 1000,
    !paid,
  );

  const simulate = async (paymentId: string) => {
    setSimulating(true);
    try {
      await confirmSandboxPayment(paymentId);
      setChargeState('paid');
      onPaid();
    } finally {
      setSimulating(false);
    }
  };

  return (
    <section aria-labelledby="pix-titulo" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="pix-titulo" className="text-2xl font-extrabold text-slate-900">
          Pague com PIX
        </h2>
        <p
          role="status"
          className={`rounded-full px-3 py-1 text-sm font-bold ring-1 ${toneClasses[display.tone]}`}
        >
          {display.label}
        </p>
      </div>
      {paid ? (
        <p className="rounded-2xl bg-green-50 p-4 text-lg font-bold text-green-900 ring-1 ring-green-200">
          Pagamento confirmado! Redirecionando…
        </p>
      ) : (
        <>
          <p className="text-slate-800">
            {order.purchaseCode && (
              <>
                Pedido <strong>{order.purchaseCode}</strong> ·{' '}
              </>
            )}
            Total <strong>{formatBRL(order.totalCents)}</strong>
          </p>
          <div className="flex justify-center">
            {payment.pixPayload && (payment.pixImageBase64 || paymentId) ? (
              <img
                src={
                  payment.pixImageBase64
                    ? `data:image/png;base64,${payment.pixImageBase64}`
                    : pixQrImageUrl(paymentId ?? '')
                }
                alt="QR Code PIX para pagamento"
                width={240}
                height={240}
                className="rounded-xl ring-1 ring-slate-200"
              />
            ) : (
              <div className="flex h-60 w-60 items-center justify-center rounded-xl bg-slate-100 p-4 text-center text-slate-700">
                Use o código copia e cola abaixo
              </div>
            )}
          </div>
          <PixCopyField payload={payment.pixPayload ?? ''} />
          {payment.expiresAt && <PixTimeLeft expiresAt={payment.expiresAt} />}
          <ol className="list-decimal space-y-1 pl-5 text-slate-800">
            <li>Abra o app do seu banco e escolha pagar com PIX.</li>
            <li>Escaneie o QR Code ou cole o código copiado.</li>
            <li>Confira o valor e confirme. A confirmação aparece aqui em segundos.</li>
          </ol>
          {sandbox && paymentId && (
            <button
              type="button"
              onClick={() => void simulate(paymentId)}
              disabled={simulating}
              className={`${buttonSecondary} w-full`}
            >
              {simulating ? 'Processando...' : 'Simular pagamento'}
            </button>
          )}
        </>
      )}
      <p>
        <Link to={orderLink} className="font-semibold text-fuchsia-800 underline">
          Ver detalhes do pedido
        </Link>
      </p>
    </section>
  );
}
