import { PageShell } from '../../components/layout/page-shell';
import { buttonPrimary, container } from '../../components/ui/styles';
import { useParams } from '../../router/router';
import { PixView } from '../payment-form';
import { OrderDetails } from './order-details';
import { OrderError } from './order-error';
import { OrderDelivery } from './order-delivery';
import { orderPath, useOrderAccessFragment } from './order-access';
import { OrderInvoice } from './order-invoice';
import { OrderUnlock } from './order-unlock';
import { PlanPanel } from './plan-panel';
import { SessionProvesOrder } from './purchase-code';
import { PayNow } from './pay-now';
import { PaymentNotice } from './payment-notice';
import { useLiveOrder } from './use-order';
import type { CreateOrderResponse } from '#shared/schemas/order-view.ts';

/** Paid and not yet delivered, or a card in the provider's analysis: the page follows it. */
const underWay = (data: CreateOrderResponse) =>
  (data.order.paymentStatus === 'paid' &&
    (data.order.status === 'processando' || data.order.status === 'em_transporte')) ||
  (data.order.paymentStatus === 'unpaid' && data.payment?.status === 'in_analysis');

/**
 * /order/{id}: reachable by id alone, so the API answers a stranger's view (ADR 041) unless the tab holds
 * the link's `#acesso=` token, the account's session or the typed purchase code; contact data is masked.
 */
export function OrderPage() {
  const { id = null } = useParams();
  useOrderAccessFragment(id);
  const { state, reload } = useLiveOrder(id, { pollWhile: underWay });
  return (
    <PageShell backLink>
      {/* At least a screen tall: the order arrives after the page, and it must not push the footer into view
          and out again (Lighthouse measured a layout shift of 0.61 on a phone). */}
      <div className={`${container} min-h-screen max-w-2xl py-10`}>
        <h1 className="text-3xl font-extrabold text-slate-900">Detalhes do pedido</h1>
        {state.kind === 'loading' && <p className="mt-6 text-slate-700">Carregando…</p>}
        {state.kind === 'error' && <OrderError message={state.message} />}
        {state.kind === 'loaded' && (
          <SessionProvesOrder.Provider value={state.data.bySession === true}>
            <OrderDetails order={state.data.order} />
            <PaymentNotice data={state.data} />
            {!state.data.proved && (
              <OrderUnlock orderId={state.data.order.id} next={state.data.next} onUnlocked={reload} />
            )}
            {state.data.next === 'redirect' && state.data.payment?.checkoutUrl && (
              <a href={state.data.payment.checkoutUrl} className={`${buttonPrimary} mt-8 w-full`}>
                Pagar com cartão na página segura
              </a>
            )}
            {state.data.proved && state.data.payable && state.data.next !== 'pix' && (
              <PayNow order={state.data.order} onChanged={reload} />
            )}
            {state.data.plan && (
              <PlanPanel orderId={state.data.order.id} plan={state.data.plan} onChanged={reload} />
            )}
            <OrderDelivery
              orderId={state.data.order.id}
              plan={state.data.order.service === 'recurring'}
              fulfilment={state.data.fulfilment}
              onChanged={reload}
            />
            <OrderInvoice orderId={state.data.order.id} invoice={state.data.invoice} />
            {state.data.next === 'pix' && state.data.payment?.pixPayload && (
              <div className="mt-8">
                <PixView
                  order={state.data.order}
                  payment={state.data.payment}
                  orderLink={orderPath(state.data.order.id)}
                />
              </div>
            )}
          </SessionProvesOrder.Provider>
        )}
      </div>
    </PageShell>
  );
}
