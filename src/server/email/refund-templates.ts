import { formatBRL } from '../../shared/money';
import { formatPurchaseCode } from '../../shared/orders';
import type { Email } from './mailer';
import { layout, serviceTitle, orderUrl, type OrderForEmail, type Shop } from './templates';

/** Sent when the provider confirms a refund (docs/product.md#refunds), whole or a part. */
export function refundEmail(shop: Shop, order: OrderForEmail, amountCents: number): Email {
  const code = formatPurchaseCode(order.purchaseCode);
  const whole = amountCents >= order.totalCents;
  const { html, text } = layout(
    shop,
    `Reembolso ${whole ? '' : 'parcial '}do pedido ${code}`,
    [
      `Reembolsamos ${formatBRL(amountCents)} do pedido ${code} (${serviceTitle(order)}).`,
      'No PIX o valor volta à conta de origem; no cartão, aparece na fatura em até duas faturas, conforme o banco.',
    ],
    { label: 'Ver o pedido', url: orderUrl(shop, order.id) },
  );
  return { to: order.email, subject: `Reembolso do pedido ${code} – ${shop.name}`, html, text };
}
