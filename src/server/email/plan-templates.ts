import { addDays, formatDay } from '../../shared/dates';
import { formatBRL } from '../../shared/money';
import { formatPurchaseCode } from '../../shared/orders';
import type { PlanEndReason } from '../../shared/plan-status';
import type { PlanTerms } from '../config-plans';
import type { Email } from './mailer';
import { greeting, layout, orderUrl, serviceTitle, type OrderForEmail, type Shop } from './templates';

// A monthly plan's later months in the buyer's inbox (issue 43, docs/payments.md#plans): the month's PIX a
// few days ahead and on its due day, the pause, the return, the end.

const howToCancel =
  'Para cancelar o plano, use "Cancelar plano" na página do pedido ou em Minha conta: nada mais é cobrado.';

export interface PlanMonth {
  paymentId: string;
  dueDate: string;
  amountCents: number;
  pixPayload: string;
}

/** The month's PIX: QR Code, copy-and-paste code, due day and amount, and what happens if unpaid. */
export function planPixNoticeEmail(
  shop: Shop,
  order: OrderForEmail,
  month: PlanMonth,
  notice: 'ahead' | 'due',
  terms: PlanTerms,
): Email {
  const plan = serviceTitle(order);
  const due = formatDay(month.dueDate);
  const title =
    notice === 'due'
      ? `Vence hoje: a mensalidade do seu ${plan}`
      : `A mensalidade do seu ${plan} vence em ${due}`;
  const { html, text } = layout(
    shop,
    title,
    [
      `${greeting(order.name)} A mensalidade de ${formatBRL(month.amountCents)} do seu ${plan} vence em ${due}. Pague com o PIX abaixo: o QR Code ou o código copia e cola.`,
      'PIX copia e cola:',
      month.pixPayload,
      `Sem o pagamento até ${formatDay(addDays(month.dueDate, terms.graceDays))}, o plano pausa (nada novo é entregue) e volta quando for pago; sem ele até ${formatDay(addDays(month.dueDate, terms.cancelAfterDays))}, o plano é cancelado.`,
      howToCancel,
    ],
    { label: 'Pagar pela página do pedido', url: orderUrl(shop, order.id) },
    { url: `${shop.publicUrl}/api/payments/${month.paymentId}/qr.png`, alt: 'QR Code PIX da mensalidade' },
  );
  return { to: order.email, subject: `${title} – ${shop.name}`, html, text };
}

/** A month unpaid past its grace: nothing new is delivered until it is paid. */
export function planPausedEmail(shop: Shop, order: OrderForEmail, dueDate: string, terms: PlanTerms): Email {
  const plan = serviceTitle(order);
  const { html, text } = layout(
    shop,
    `Seu ${plan} está pausado`,
    [
      `${greeting(order.name)} A mensalidade de ${formatBRL(order.totalCents)} que venceu em ${formatDay(dueDate)} ainda não foi paga, então o seu ${plan} está pausado: nada novo é entregue.`,
      `Pague pela página do pedido e o plano volta na hora. Sem o pagamento até ${formatDay(addDays(dueDate, terms.cancelAfterDays))}, o plano é cancelado.`,
      howToCancel,
    ],
    { label: 'Pagar a mensalidade', url: orderUrl(shop, order.id) },
  );
  return { to: order.email, subject: `Seu ${plan} está pausado – ${shop.name}`, html, text };
}

export function planResumedEmail(shop: Shop, order: OrderForEmail): Email {
  const plan = serviceTitle(order);
  const { html, text } = layout(
    shop,
    `Seu ${plan} voltou`,
    [
      `${greeting(order.name)} Recebemos a mensalidade em aberto: o seu ${plan} está ativo de novo e a entrega do mês começa em 1 a 24 horas.`,
    ],
    { label: 'Acompanhar o plano', url: orderUrl(shop, order.id) },
  );
  return { to: order.email, subject: `Seu ${plan} voltou – ${shop.name}`, html, text };
}

/** The plan's end, by the buyer or for a month left unpaid: what happens now. */
export function planCancelledEmail(
  shop: Shop,
  order: OrderForEmail,
  reason: Exclude<PlanEndReason, 'replaced'>,
  runsUntil: string | null,
): Email {
  const plan = serviceTitle(order);
  const why =
    reason === 'buyer'
      ? `Cancelamos o seu ${plan}, como você pediu.`
      : reason === 'unpaid'
        ? `Cancelamos o seu ${plan} porque a mensalidade em aberto não foi paga.`
        : `O seu ${plan} foi cancelado.`;
  const { html, text } = layout(
    shop,
    `Seu ${plan} foi cancelado`,
    [
      `${greeting(order.name)} ${why} Nenhuma nova mensalidade será cobrada.`,
      runsUntil
        ? `O mês já pago segue até ${formatDay(runsUntil)}.`
        : 'Nenhum mês estava pago: nada mais será entregue.',
      `Pedido ${formatPurchaseCode(order.purchaseCode)}. Para voltar, é só contratar o plano de novo.`,
    ],
    { label: 'Ver o pedido', url: orderUrl(shop, order.id) },
  );
  return { to: order.email, subject: `Seu ${plan} foi cancelado – ${shop.name}`, html, text };
}
