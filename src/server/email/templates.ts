import { formatDateTime } from '../../shared/dates';
import { formatBRL, formatInteger } from '../../shared/money';
import { formatPurchaseCode, planOfMonth, type OrderService } from '../../shared/orders';
import { productKind } from '../../shared/pricing';
import { planNames, type PlanId } from '../../shared/catalogue';
import type { Email } from './mailer';

// Transactional e-mails in pt-BR, HTML and plain text (issue 4).

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A word that could be read as a link or an address: "golpe.com", "bit.ly/x", "https://…", "a@b". */
const linkLike = /[/@:\\]|www|[.．。][\p{L}\p{N}]{2,}/iu;

/**
 * "Olá, Ana!" from a buyer-typed name, without link-like words: anyone can type a stranger's e-mail at
 * checkout, so the name must not carry a scam link into their inbox from the shop.
 */
export function greeting(name: string): string {
  const first = name.split(/\s+/).find((word) => word !== '' && !linkLike.test(word));
  return first ? `Olá, ${first}!` : 'Olá!';
}

export interface Shop {
  name: string;
  publicUrl: string;
  /** A 7-day token for the order page's writes (ADR 026); absent, links carry the id alone. */
  orderToken?: (orderId: string) => string;
}

/** The order page, with `#acesso=` so the buyer who opens the e-mail can pay again or fix a link. */
export function orderUrl(shop: Shop, orderId: string): string {
  const base = `${shop.publicUrl}/order/${orderId}`;
  return shop.orderToken ? `${base}#acesso=${shop.orderToken(orderId)}` : base;
}

export function layout(
  shop: Shop,
  title: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  /** An image after the paragraphs: a PIX's QR Code (the text keeps the copy-and-paste code). */
  image?: { url: string; alt: string },
) {
  const html = `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#0f172a;max-width:560px;margin:auto;padding:16px">
<h1 style="font-size:22px">${escape(title)}</h1>
${paragraphs.map((p) => `<p style="font-size:16px;line-height:1.5">${escape(p)}</p>`).join('\n')}
${image ? `<p><img src="${escape(image.url)}" alt="${escape(image.alt)}" width="240" height="240"></p>` : ''}
${action ? `<p><a href="${escape(action.url)}" style="display:inline-block;background:#a21caf;color:#fff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:bold">${escape(action.label)}</a></p>` : ''}
<p style="font-size:13px;color:#475569">${escape(shop.name)} · Nunca pedimos a senha do seu Instagram.</p>
</body></html>`;
  const text = [
    title,
    '',
    ...paragraphs,
    ...(action ? ['', `${action.label}: ${action.url}`] : []),
    '',
    shop.name,
  ].join('\n');
  return { html, text };
}

export interface OrderForEmail {
  id: string;
  purchaseCode: string;
  email: string;
  name: string;
  service: OrderService;
  planId: PlanId | null;
  quantity: number;
  totalCents: number;
  couponCode?: string | null;
  couponDiscountCents?: number;
  pixDiscountCents?: number;
  createdAt: Date;
}

/** "Total: R$ 75,40 (cupom PROMO10: −R$ 8,59; desconto PIX: −R$ 1,54)" (issue 13). */
export function totalLine(order: OrderForEmail): string {
  const parts = [
    ...(order.couponCode && order.couponDiscountCents
      ? [`cupom ${order.couponCode}: −${formatBRL(order.couponDiscountCents)}`]
      : []),
    ...(order.pixDiscountCents ? [`desconto PIX: −${formatBRL(order.pixDiscountCents)}`] : []),
  ];
  return `Total: ${formatBRL(order.totalCents)}${parts.length ? ` (${parts.join('; ')})` : ''}`;
}

export function serviceTitle(order: OrderForEmail) {
  if (order.service === 'recurring') return `Plano ${planNames[planOfMonth(order)]} (mensal)`;
  return `${formatInteger(order.quantity)} ${productKind(order.service).unitLabel}`;
}

export function orderReceivedEmail(shop: Shop, order: OrderForEmail, pixPayload: string | null): Email {
  const code = formatPurchaseCode(order.purchaseCode);
  const { html, text } = layout(
    shop,
    `Recebemos o seu pedido ${code}`,
    [
      `${greeting(order.name)} Seu pedido foi registrado em ${formatDateTime(order.createdAt)}.`,
      `Código de compra: ${code} (use-o com este e-mail em Consultar Compra).`,
      `Serviço: ${serviceTitle(order)} · ${totalLine(order)}.`,
      ...(pixPayload ? ['Ainda falta pagar. PIX copia e cola:', pixPayload] : []),
    ],
    { label: 'Ver meu pedido', url: orderUrl(shop, order.id) },
  );
  return { to: order.email, subject: `Pedido ${code} recebido – ${shop.name}`, html, text };
}

export function paymentConfirmedEmail(shop: Shop, order: OrderForEmail): Email {
  const code = formatPurchaseCode(order.purchaseCode);
  const { html, text } = layout(
    shop,
    `Pagamento confirmado – pedido ${code}`,
    [
      `Recebemos o pagamento de ${formatBRL(order.totalCents)} do pedido ${code} (${serviceTitle(order)}).`,
      'O processamento começa em 1 a 24 horas. Mantenha o perfil público e o @ sem mudanças até o fim da entrega.',
    ],
    { label: 'Acompanhar o pedido', url: orderUrl(shop, order.id) },
  );
  return { to: order.email, subject: `Pagamento confirmado – pedido ${code}`, html, text };
}

export function verifyEmail(shop: Shop, to: string, name: string, token: string): Email {
  const { html, text } = layout(
    shop,
    'Confirme o seu e-mail',
    [`${greeting(name)} Confirme este e-mail para ver no painel os pedidos feitos com ele.`],
    {
      label: 'Confirmar e-mail',
      url: `${shop.publicUrl}/verificar-email#token=${encodeURIComponent(token)}`,
    },
  );
  return { to, subject: `Confirme o seu e-mail – ${shop.name}`, html, text };
}

export function passwordResetEmail(shop: Shop, to: string, token: string): Email {
  const { html, text } = layout(
    shop,
    'Redefinir a sua senha',
    [
      'Recebemos um pedido para redefinir a sua senha. O link vale por 1 hora e pode ser usado uma vez.',
      'Se não foi você, ignore este e-mail.',
    ],
    {
      label: 'Criar nova senha',
      url: `${shop.publicUrl}/redefinir-senha#token=${encodeURIComponent(token)}`,
    },
  );
  return { to, subject: `Redefinição de senha – ${shop.name}`, html, text };
}

/** Sent instead of an error when someone signs up with an address that has an account (no enumeration). */
export function signupAttemptEmail(shop: Shop, to: string): Email {
  const { html, text } = layout(
    shop,
    'Tentativa de cadastro com o seu e-mail',
    [
      'Alguém tentou criar uma conta com este e-mail, que já tem cadastro na nossa loja. Nenhuma conta nova foi criada.',
      'Se foi você, entre com a sua senha ou peça um link para criar uma nova. Se não foi, ignore este e-mail.',
    ],
    { label: 'Redefinir senha', url: `${shop.publicUrl}/login` },
  );
  return { to, subject: `Tentativa de cadastro – ${shop.name}`, html, text };
}

/** The one reminder while a PIX is unpaid (PIX_REMINDER_MINUTES), with the code and the deadline. */
export function pixReminderEmail(
  shop: Shop,
  order: OrderForEmail,
  pixPayload: string,
  expiresAt: Date,
): Email {
  const code = formatPurchaseCode(order.purchaseCode);
  const { html, text } = layout(
    shop,
    `Seu PIX do pedido ${code} ainda não foi pago`,
    [
      `O pedido ${code} (${serviceTitle(order)}, ${formatBRL(order.totalCents)}) está esperando o pagamento.`,
      `O código vale até ${formatDateTime(expiresAt)}. Depois disso o pedido é cancelado.`,
      'PIX copia e cola:',
      pixPayload,
    ],
    { label: 'Pagar agora', url: orderUrl(shop, order.id) },
  );
  return { to: order.email, subject: `Falta pagar o pedido ${code} – ${shop.name}`, html, text };
}
