import { formatInteger } from '../../shared/money';
import { formatPurchaseCode } from '../../shared/orders';
import { productKind } from '../../shared/pricing';
import type { ProductId } from '../../shared/catalogue';
import type { PlanMonthLine } from '../../shared/plan-month';
import type { Email } from './mailer';
import { layout, serviceTitle, orderUrl, type OrderForEmail, type Shop } from './templates';

// E-mails about delivery (issue 11): to the buyer when it starts, ends or needs a link; to the owner when
// something needs a person.

const orderLink = (shop: Shop, order: OrderForEmail) => ({
  label: 'Acompanhar o pedido',
  url: orderUrl(shop, order.id),
});

/** A plan's month, line by line ("Seguidores do mês: 370 de 1.110 entregues"), for the monthly e-mails. */
const monthLines = (planMonth: readonly PlanMonthLine[]) =>
  planMonth.map((line) => `${line.title}: ${line.detail}.`);

export function deliveryStartedEmail(
  shop: Shop,
  order: OrderForEmail,
  planMonth: readonly PlanMonthLine[] = [],
): Email {
  const code = formatPurchaseCode(order.purchaseCode);
  const { html, text } = layout(
    shop,
    `Sua entrega começou – pedido ${code}`,
    [
      `A entrega de ${serviceTitle(order)} já está em andamento.`,
      ...monthLines(planMonth),
      'Mantenha o perfil público e o @ sem mudanças até o fim da entrega.',
    ],
    orderLink(shop, order),
  );
  return { to: order.email, subject: `Entrega em andamento – pedido ${code}`, html, text };
}

export function deliveryCompletedEmail(
  shop: Shop,
  order: OrderForEmail,
  planMonth: readonly PlanMonthLine[] = [],
): Email {
  const code = formatPurchaseCode(order.purchaseCode);
  const { html, text } = layout(
    shop,
    `Entrega concluída – pedido ${code}`,
    [
      `A entrega de ${serviceTitle(order)} foi concluída. Obrigado pela compra!`,
      ...monthLines(planMonth),
      'Se notar alguma queda dentro da garantia, peça a reposição na página do pedido.',
    ],
    orderLink(shop, order),
  );
  return { to: order.email, subject: `Entrega concluída – pedido ${code}`, html, text };
}

export function deliveryLinkInvalidEmail(
  shop: Shop,
  order: OrderForEmail,
  delivery: { product: ProductId; quantity: number },
): Email {
  const code = formatPurchaseCode(order.purchaseCode);
  const what = `${formatInteger(delivery.quantity)} ${productKind(delivery.product).unitLabel}`;
  const { html, text } = layout(
    shop,
    `Precisamos de um link válido – pedido ${code}`,
    [
      `Não conseguimos entregar ${what}: o perfil ou a publicação não foi encontrado (perfil privado, @ alterado ou link errado).`,
      'Corrija o link na página do pedido e a entrega começa em seguida.',
    ],
    { label: 'Corrigir o link', url: orderUrl(shop, order.id) },
  );
  return { to: order.email, subject: `Ação necessária – pedido ${code}`, html, text };
}

/**
 * The link of a delivery was changed on the order page (ADR 026): the buyer hears of it, old → new, so
 * a change they did not make does not go unnoticed.
 */
export function deliveryLinkChangedEmail(
  shop: Shop,
  order: OrderForEmail,
  change: { product: ProductId; quantity: number; oldLink: string | null; newLink: string },
): Email {
  const code = formatPurchaseCode(order.purchaseCode);
  const what = `${formatInteger(change.quantity)} ${productKind(change.product).unitLabel}`;
  const { html, text } = layout(
    shop,
    `Link da entrega alterado – pedido ${code}`,
    [
      `O link da entrega de ${what} foi alterado na página do pedido.`,
      `Antes: ${change.oldLink ?? '(nenhum)'}`,
      `Agora: ${change.newLink}`,
      'Se não foi você, responda a este e-mail agora para suspendermos a entrega.',
    ],
    orderLink(shop, order),
  );
  return { to: order.email, subject: `Link da entrega alterado – pedido ${code}`, html, text };
}

export function ownerAlertEmail(shop: Shop, to: string, subject: string, lines: string[]): Email {
  const { html, text } = layout(shop, subject, lines, {
    label: 'Abrir o painel',
    url: `${shop.publicUrl}/admin`,
  });
  return { to, subject: `[${shop.name}] ${subject}`, html, text };
}
