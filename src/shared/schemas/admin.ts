import { z } from 'zod';
import { messages } from '../messages';
import { cpfSchema, installmentsSchema } from './checkout';
import { isRealDay } from '../dates';
import { orderStatuses, paymentStatuses, type PaymentFlag } from '../orders';
import type { RefundState } from '../payment-states';
import type { CreateOrderResponse } from './order-view';
import type { PlanEndReason, SubscriptionStatus } from '../plan-status';

export const periods = ['month', 'today', '7d', '30d', '3m', 'custom', 'all'] as const;
export type Period = (typeof periods)[number];

const day = z.string().refine(isRealDay, 'Data inválida. Use uma data real (AAAA-MM-DD).');

/** The panel's filters (they live in the URL): period in São Paulo days (docs/product.md#admin-panel). */
export const adminFiltersSchema = z.object({
  period: z.enum(periods).default('month'),
  from: day.optional(),
  to: day.optional(),
  q: z.string().trim().max(100).optional(),
  status: z.enum(orderStatuses).optional(),
});

export const adminListSchema = adminFiltersSchema.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  sort: z.enum(['created_at', 'total_cents', 'status']).default('created_at'),
  dir: z.enum(['asc', 'desc']).default('desc'),
});

export const adminOrderUpdateSchema = z
  .object({
    status: z.enum(orderStatuses).optional(),
    // Reembolsado comes from the provider's confirmation of a refund asked with "Reembolsar"
    // (docs/product.md#refunds).
    paymentStatus: z
      .enum(paymentStatuses)
      .refine((s) => s !== 'refunded', messages.refund_via_button)
      .optional(),
    note: z.string().max(2000).nullable().optional(),
  })
  .refine(
    (v) => v.status !== undefined || v.paymentStatus !== undefined || v.note !== undefined,
    'Nada a alterar.',
  );

export interface AdminMetrics {
  orders: number;
  revenueCents: number;
  pendingCents: number;
  averageTicketCents: number;
  pixCount: number;
  whatsappCount: number;
  conversionRate: number;
  cancelled: number;
}

export interface AdminFunnel {
  visitantes: number;
  botaoCompra: number;
  checkout: number;
  pedidosFinalizados: number;
  /** Percentages of visitors, capped at 100. */
  percentages: { botaoCompra: number; checkout: number; pedidosFinalizados: number };
  conversaoFinal: number;
}

/**
 * An order as the operator sees it: full contact data (docs/product.md#order-page allows it for the admin).
 */
export interface AdminOrder {
  id: string;
  purchaseCode: string;
  service: import('../orders').OrderService;
  planId: import('../catalogue').PlanId | null;
  quantity: number;
  instagram: string;
  postLink: string | null;
  addOns: Array<{ product: string; quantity: number; priceCents: number }>;
  addOnLinks: Record<string, string>;
  totalCents: number;
  couponCode: string | null;
  couponDiscountCents: number;
  pixDiscountCents: number;
  name: string;
  email: string;
  whatsapp: string;
  status: import('../orders').OrderStatus;
  paymentStatus: import('../orders').PaymentStatus;
  paymentMethod: import('../orders').PaymentMethod;
  note: string | null;
  paymentFlag: PaymentFlag | null;
  subscriptionId: string | null;
  /** False for an order settled on WhatsApp without a CPF: "Gerar cobrança" asks for it. */
  hasCpf: boolean;
  /** A plan's month: where the plan stands and, once ended, who ended it (issue 43). */
  plan?: { status: SubscriptionStatus; cancelReason: PlanEndReason | null } | null;
  createdAt: string;
  /** Its WhatsApp messages and whether the number replied PARAR (docs/whatsapp.md). */
  whatsappMessages?: import('./whatsapp').WhatsappMessageView[];
  whatsappOptedOut?: boolean;
}

export interface AdminAuditEntry {
  id: string;
  actor: string;
  field: string;
  oldValue: string | null;
  newValue: string | null;
  createdAt: string;
}

export const periodLabels: Record<Period, string> = {
  month: 'Este mês',
  today: 'Hoje',
  '7d': 'Últimos 7 dias',
  '30d': 'Últimos 30 dias',
  '3m': 'Últimos 3 meses',
  custom: 'Personalizado',
  all: 'Todo o período',
};

/** "Reembolsar" in the panel: a part in centavos (omitted: all that is left) and the reason. */
export const adminRefundSchema = z.object({
  amountCents: z.number().int().positive().optional(),
  reason: z.string().trim().min(1, messages.refund_reason_required).max(300),
});

export interface AdminRefund {
  id: string;
  amountCents: number;
  full: boolean;
  reason: string;
  status: RefundState;
  actor: string;
  createdAt: string;
  lastError: string | null;
}

/**
 * "Gerar cobrança" for a WhatsApp order: a PIX, or a card on the provider's page in the instalments the
 * operator agreed with the buyer (ADR 031).
 */
/** The buyer's CPF, when the order was settled on WhatsApp without one (issue 45 §3). */
const chargeCpf = { cpf: cpfSchema.optional() };
export const adminChargeSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('pix'), ...chargeCpf }),
  z.object({ method: z.literal('card'), installments: installmentsSchema, ...chargeCpf }),
]);
export type AdminChargeInput = z.infer<typeof adminChargeSchema>;

/** POST /api/admin/orders/{id}/charge: the order and its page's link with a proof, for the buyer. */
export type AdminChargeAnswer = CreateOrderResponse & { orderLink: string };

/** GET /api/admin/abandoned-checkouts: a lead or an unpaid order that did not end in a sale (issue 12). */
export interface AbandonedCheckout {
  kind: 'lead' | 'order';
  at: string;
  email: string;
  instagram: string;
  /** Orders only: the modal asks no phone. */
  whatsapp: string | null;
  /** The product and amount, or the plan. */
  service: 'followers' | 'likes' | 'views' | 'recurring';
  quantity: number;
  planId: import('../catalogue').PlanId | null;
  totalCents: number | null;
  orderId: string | null;
  purchaseCode: string | null;
}

/** One São Paulo day of the panel's sales chart (issue 13): orders paid, by the day they were placed. */
export interface SalesDay {
  day: string;
  revenueCents: number;
  paidOrders: number;
}

/** The selected period's days and the period of the same length just before it (the faint line). */
export interface SalesChart {
  days: SalesDay[];
  previous: SalesDay[];
}
