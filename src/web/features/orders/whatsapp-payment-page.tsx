import { useState } from 'react';
import { formatBRL, formatInteger } from '#shared/money.ts';
import { productKind } from '#shared/pricing.ts';
import { PageShell } from '../../components/layout/page-shell';
import { WhatsappIcon } from '../../components/ui/icons';
import { buttonWhatsapp, container } from '../../components/ui/styles';
import { paidPage, pollPayment } from '../payment-form';
import { contactFor } from './checkout-contact';
import { usePolling } from '../../lib/use-polling';
import { useShop } from '../../lib/boot';
import { useWhatsappLink } from '../../lib/whatsapp';
import { useNavigate, useSearchParams } from '../../router/router';
import { OrderError } from './order-error';
import { serviceTitle } from './order-details';
import { useOrder } from './use-order';

/**
 * /whatsapp-payment?pedido_id=…: orders above R$ 150,00 are settled with a person
 * (docs/product.md#whatsapp-settlement).
 */
export function WhatsappPaymentPage() {
  const orderId = useSearchParams().get('pedido_id');
  const navigate = useNavigate();
  const shop = useShop();
  const state = useOrder(orderId);
  const [paid, setPaid] = useState(false);
  const order = state.kind === 'loaded' ? state.data.order : null;

  const own = contactFor(orderId);

  const lines = order
    ? [
        'Olá! Quero finalizar meu pedido:',
        order.purchaseCode ? `Código: ${order.purchaseCode}` : `Pedido: ${order.id.slice(0, 8)}`,
        `Perfil: @${order.instagram}`,
        `Serviço: ${serviceTitle(order)}`,
        ...order.addOns.map(
          (a) =>
            `Adicional: ${formatInteger(a.quantity)} ${productKind(a.product).unitLabel} (${formatBRL(a.priceCents)})`,
        ),
        ...(order.postLink ? [`Publicação: ${order.postLink}`] : []),
        `Total: ${formatBRL(order.totalCents)}`,
        ...(own ? [`Nome: ${own.name}`, `E-mail: ${own.email}`, `WhatsApp: ${own.whatsapp}`] : []),
      ]
    : [];
  const link = useWhatsappLink(lines.join('\n'));

  // Every 30 s, skipping a tick while one is in flight (docs/product.md#whatsapp-settlement).
  usePolling(
    async () => {
      if (!orderId) return true;
      const poll = await pollPayment(orderId);
      if (poll.paymentStatus === 'paid') {
        setPaid(true);
        navigate(paidPage(orderId));
        return true;
      }
      return false;
    },
    30_000,
    24 * 60 * 60 * 1000,
    Boolean(orderId) && !paid,
  );

  return (
    <PageShell backLink>
      <div className={`${container} max-w-2xl py-10`}>
        <h1 className="text-3xl font-extrabold text-slate-900">Pedido registrado!</h1>
        {state.kind === 'loading' && <p className="mt-6 text-slate-700">Carregando…</p>}
        {state.kind === 'error' && <OrderError message={state.message} />}
        {order && (
          <>
            <p className="mt-4 text-lg text-slate-800">
              Seu pedido <strong data-testid="purchase-code">{order.purchaseCode}</strong> de{' '}
              <strong>{formatBRL(order.totalCents)}</strong> aguarda a finalização pelo WhatsApp. Pedidos
              acima de R$ 150,00 são concluídos com a nossa equipe, que envia o pagamento e acompanha a
              entrega.
            </p>
            <a
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              className={`${buttonWhatsapp} mt-6 w-full text-base`}
            >
              <WhatsappIcon />
              Finalizar pelo WhatsApp
            </a>
            <section
              className="mt-8 rounded-2xl bg-slate-50 p-5 ring-1 ring-slate-200"
              aria-labelledby="atendimento"
            >
              <h2 id="atendimento" className="font-bold text-slate-900">
                Atendimento
              </h2>
              <ul className="mt-2 space-y-1 text-slate-800">
                {shop.supportHours.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <p className="mt-2 text-slate-800">{shop.replyWithin}</p>
            </section>
            <p className="mt-4 text-sm text-slate-600">
              Esta página se atualiza sozinha quando o pagamento for confirmado.
            </p>
          </>
        )}
      </div>
    </PageShell>
  );
}
