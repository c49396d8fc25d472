// Order status slugs and pt-BR labels (docs/product.md#order-statuses, #payment-methods), purchase codes
// (#purchase-codes), masking (docs/product.md#order-page).
import type { PlanId, ProductId } from './catalogue';

/** What an order buys: a package of one product, or a month of a plan. */
export type OrderService = ProductId | 'recurring';

/** The plan of a plan's month: every 'recurring' order names one when it is created. */
export function planOfMonth(order: { planId: PlanId | null }): PlanId {
  if (!order.planId) throw new Error('a plan month without its plan');
  return order.planId;
}

export const orderStatuses = [
  'pendente',
  'aguardando_contato_whatsapp',
  'processando',
  'em_transporte',
  'concluido',
  'cancelado',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const orderStatusLabels: Record<OrderStatus, string> = {
  pendente: 'Pendente',
  aguardando_contato_whatsapp: 'Aguardando contato (WhatsApp)',
  processando: 'Processando',
  em_transporte: 'Em entrega',
  concluido: 'Concluído',
  cancelado: 'Cancelado',
};

export const paymentStatuses = ['unpaid', 'paid', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const paymentStatusLabels: Record<PaymentStatus, string> = {
  unpaid: 'Pendente',
  paid: 'Pago',
  failed: 'Falhou',
  refunded: 'Reembolsado',
};

export const paymentMethods = ['pix', 'credit_card', 'debit_card', 'whatsapp'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const paymentMethodLabels: Record<PaymentMethod, string> = {
  pix: 'PIX',
  credit_card: 'Cartão de crédito',
  debit_card: 'Cartão de débito',
  whatsapp: 'WhatsApp',
};

/** No 0/O/1/I: a code read over the phone or from a screenshot is not misread. */
export const purchaseCodeAlphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * 8 characters from the unambiguous alphabet: 32^8 ≈ 10^12 codes (docs/product.md#purchase-codes). Web Crypto
 * (in Node and browsers); 256 is a multiple of 32, so `byte % 32` is uniform.
 */
export function newPurchaseCode(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => purchaseCodeAlphabet[b % purchaseCodeAlphabet.length]).join('');
}

/** 'ab2c-d3ef ' → 'AB2CD3EF' (lookup is case- and dash-insensitive). */
export function normalisePurchaseCode(raw: string): string {
  return raw.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

/** 'AB2CD3EF' → 'AB2C-D3EF' */
export function formatPurchaseCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** 'joana.silva@gmail.com' → 'j***@gmail.com' */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/** '11912345678' → '(11) 9****-5678' */
export function maskPhoneNumber(digits: string): string {
  const d = digits.replace(/\D/g, '');
  if (d.length < 6) return '****';
  return `(${d.slice(0, 2)}) ${d.slice(2, 3)}****-${d.slice(-4)}`;
}

/** '52998224725' → '***.982.247-**' */
export function maskCpfNumber(digits: string): string {
  const d = digits.replace(/\D/g, '');
  return `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**`;
}

/** Flags on an order whose money arrived when it was not expected (docs/payments.md); the owner is alerted. */
export const paymentFlags = [
  'pago_apos_cancelamento',
  'pago_apos_expiracao',
  'pago_apos_substituicao',
  'pago_em_duplicidade',
  'chargeback',
] as const;
export type PaymentFlag = (typeof paymentFlags)[number];

export const paymentFlagLabels: Record<PaymentFlag, string> = {
  pago_apos_cancelamento: 'Pago após cancelamento',
  pago_apos_expiracao: 'Pago após o PIX expirar',
  pago_apos_substituicao: 'Pago em cobrança substituída',
  pago_em_duplicidade: 'Pago duas vezes: reembolse um dos pagamentos',
  chargeback: 'Contestação (chargeback)',
};
