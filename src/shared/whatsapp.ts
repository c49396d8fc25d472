// WhatsApp messages to the buyer (docs/whatsapp.md): the kinds, their names in the panel, and the body
// variables of each template, in order ({{1}}, {{2}}…), which the owner submits to Meta for approval.

export const whatsappKinds = [
  'order_received',
  'payment_confirmed',
  'delivery_started',
  'delivered',
  'pix_reminder',
  'link_needed',
  'refund',
  'plan_pix',
] as const;
export type WhatsappKind = (typeof whatsappKinds)[number];

export const whatsappKindLabels: Record<WhatsappKind, string> = {
  order_received: 'Pedido recebido',
  payment_confirmed: 'Pagamento confirmado',
  delivery_started: 'Entrega iniciada',
  delivered: 'Entrega concluída',
  pix_reminder: 'Lembrete do PIX',
  link_needed: 'Link precisa de correção',
  refund: 'Reembolso',
  plan_pix: 'PIX da mensalidade do plano',
};

/** Each template's body variables, in order: a template approved with another count is refused by Meta. */
export const whatsappVariables: Record<WhatsappKind, readonly string[]> = {
  order_received: ['primeiro nome', 'código do pedido', 'valor', 'código PIX copia e cola', 'link do pedido'],
  payment_confirmed: ['primeiro nome', 'código do pedido', 'link do pedido'],
  delivery_started: ['primeiro nome', 'código do pedido', 'link do pedido'],
  delivered: ['primeiro nome', 'código do pedido', 'link do pedido'],
  pix_reminder: ['primeiro nome', 'código do pedido', 'código PIX copia e cola', 'prazo do PIX'],
  link_needed: ['primeiro nome', 'código do pedido', 'link do pedido'],
  refund: ['primeiro nome', 'código do pedido', 'valor devolvido'],
  plan_pix: ['primeiro nome', 'plano', 'valor', 'vencimento', 'código PIX copia e cola', 'link do pedido'],
};

/**
 * A message's state (docs/whatsapp.md): claimed ('sending'), not sent by Meta and to be tried again
 * ('waiting': a rate limit, a transient failure, the number's or the buyer's limits), an outcome to check
 * ('a_conferir'), Meta's statuses, or not sent at all ('skipped').
 */
export const whatsappStates = [
  'sending',
  'waiting',
  'a_conferir',
  'sent',
  'delivered',
  'read',
  'failed',
  'skipped',
] as const;
export type WhatsappState = (typeof whatsappStates)[number];

/** A message's state in the panel's words. */
export const whatsappStateLabels: Record<string, string> = {
  sending: 'enviando',
  waiting: 'aguardando nova tentativa',
  a_conferir: 'a conferir',
  sent: 'enviada',
  delivered: 'entregue',
  read: 'lida',
  failed: 'falhou',
  skipped: 'não enviada',
};
