import { formatDateTime } from '#shared/dates.ts';
import { formatBRL, formatInteger } from '#shared/money.ts';
import { orderStatusLabels, paymentMethodLabels, paymentStatusLabels } from '#shared/orders.ts';
import { productKind } from '#shared/pricing.ts';
import type { OrderView } from '#shared/schemas/order-view.ts';
import { planNames } from '#shared/catalogue.ts';
import { pixStateDisplay } from '#shared/payment-states.ts';

export function serviceTitle(order: Pick<OrderView, 'service' | 'planId' | 'quantity'>): string {
  if (order.service === 'recurring') return `Plano ${order.planId ? planNames[order.planId] : ''} (mensal)`;
  return `${formatInteger(order.quantity)} ${productKind(order.service).unitLabel}`;
}

export function OrderDetails({ order }: { order: OrderView }) {
  const rows: Array<[string, string]> = [
    // Shown only to whoever proves the order (ADR 041).
    ...(order.purchaseCode
      ? ([['Código de compra', order.purchaseCode]] satisfies Array<[string, string]>)
      : []),
    ['Serviço', serviceTitle(order)],
    ['Perfil', `@${order.instagram}`],
    ...(order.postLink ? ([['Publicação', order.postLink]] satisfies Array<[string, string]>) : []),
    ...order.addOns.map((line): [string, string] => [
      'Adicional',
      `${formatInteger(line.quantity)} ${productKind(line.product).unitLabel} (${formatBRL(line.priceCents)})`,
    ]),
    ...(order.couponCode
      ? ([[`Cupom ${order.couponCode}`, `−${formatBRL(order.couponDiscountCents)}`]] satisfies Array<
          [string, string]
        >)
      : []),
    ...(order.pixDiscountCents > 0
      ? ([['Desconto PIX', `−${formatBRL(order.pixDiscountCents)}`]] satisfies Array<[string, string]>)
      : []),
    ['Total', formatBRL(order.totalCents)],
    ['Status do pedido', orderStatusLabels[order.status]],
    [
      'Pagamento',
      order.paymentStatus === 'paid' && order.paymentMethod !== 'whatsapp'
        ? pixStateDisplay('paid', order.paymentMethod).label
        : paymentStatusLabels[order.paymentStatus],
    ],
    ['Forma de pagamento', paymentMethodLabels[order.paymentMethod]],
    ['Data', formatDateTime(new Date(order.createdAt))],
    ['E-mail', order.email],
    ['WhatsApp', order.whatsapp],
  ];
  return (
    <dl className="mt-6 divide-y divide-slate-200 rounded-2xl bg-white ring-1 ring-slate-200">
      {rows.map(([term, value], index) => (
        <div key={`${term}-${index}`} className="grid gap-1 px-5 py-3 sm:grid-cols-3">
          <dt className="font-semibold text-slate-700">{term}</dt>
          <dd className="break-words text-slate-900 sm:col-span-2">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
