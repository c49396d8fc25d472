import { formatPurchaseCode } from '../../shared/orders';
import type { Email } from './mailer';
import { layout, serviceTitle, orderUrl, type OrderForEmail, type Shop } from './templates';

const orderLink = (shop: Shop, order: OrderForEmail) => ({
  label: 'Pagar pela página do pedido',
  url: orderUrl(shop, order.id),
});

/** The provider's risk analysis did not approve a card payment (issue 12): nothing was charged. */
export function cardReprovedEmail(shop: Shop, order: OrderForEmail): Email {
  const code = formatPurchaseCode(order.purchaseCode);
  const { html, text } = layout(
    shop,
    `Pagamento do pedido ${code} não aprovado`,
    [
      `A análise de risco da operadora não aprovou o pagamento com cartão do pedido ${code} (${serviceTitle(order)}). Nada foi cobrado.`,
      'Você pode pagar com PIX ou com outro cartão pela página do pedido.',
    ],
    orderLink(shop, order),
  );
  return { to: order.email, subject: `Pagamento não aprovado – pedido ${code}`, html, text };
}

/** A card charge whose outcome was unknown, and which the provider never received: nothing charged. */
export function cardNotChargedEmail(shop: Shop, order: OrderForEmail): Email {
  const code = formatPurchaseCode(order.purchaseCode);
  const { html, text } = layout(
    shop,
    `Nada foi cobrado no pedido ${code}`,
    [
      `Verificamos com a operadora o pagamento com cartão do pedido ${code} (${serviceTitle(order)}): ele não foi concluído e nada foi cobrado.`,
      'Você pode pagar com PIX ou com cartão pela página do pedido.',
    ],
    orderLink(shop, order),
  );
  return { to: order.email, subject: `Pagamento não concluído – pedido ${code}`, html, text };
}

/** A plan's monthly charge the card refused (Asaas PAYMENT_CREDIT_CARD_CAPTURE_REFUSED). */
export function captureRefusedEmail(shop: Shop, order: OrderForEmail): Email {
  const code = formatPurchaseCode(order.purchaseCode);
  const { html, text } = layout(
    shop,
    'Não conseguimos cobrar a mensalidade do seu plano',
    [
      `O cartão recusou a mensalidade do seu plano (pedido ${code}). O plano fica parado até o pagamento.`,
      'Atualize o cartão (ou pague com PIX) pela página do pedido: o plano segue a partir do novo pagamento.',
    ],
    { ...orderLink(shop, order), label: 'Atualizar o cartão' },
  );
  return { to: order.email, subject: `Mensalidade recusada – pedido ${code}`, html, text };
}
