import { z } from 'zod';
import { instagramHandleSchema, postLinkSchema } from './lead';
import type { PlanId, ProductId } from '../catalogue';
import type { PlanComponentId } from '../plan-components';

// Delivery (issue 11): what the buyer and the operator see of each delivered item, and what they send.

export const deliveryStates = [
  'queued',
  'submitting',
  'unknown',
  'invalid_link',
  'refused',
  'manual',
  'pending',
  'in_progress',
  'completed',
  'partial',
  'canceled',
  'refunded',
] as const;
export type DeliveryState = (typeof deliveryStates)[number];

/** The buyer's words: what is inside the shop (a conferir, recusada) reads as "em preparação". */
export const buyerDeliveryLabels: Record<DeliveryState, string> = {
  queued: 'Em preparação',
  submitting: 'Em preparação',
  unknown: 'Em preparação',
  refused: 'Em preparação',
  manual: 'Em preparação',
  invalid_link: 'Link inválido',
  pending: 'Na fila de entrega',
  in_progress: 'Em entrega',
  completed: 'Entregue',
  partial: 'Entregue em parte',
  canceled: 'Cancelada',
  refunded: 'Reembolsada',
};

export const operatorDeliveryLabels: Record<DeliveryState, string> = {
  queued: 'Na fila de envio',
  submitting: 'Enviando',
  unknown: 'A conferir',
  invalid_link: 'Link inválido',
  refused: 'Recusada',
  manual: 'Entrega manual',
  pending: 'Pendente no fornecedor',
  in_progress: 'Em andamento',
  completed: 'Concluída',
  partial: 'Parcial',
  canceled: 'Cancelada',
  refunded: 'Reembolsada',
};

/** A delivery's refill: asked for ('requesting'), then in the panel's words (docs/fulfilment.md). */
export const refillStates = ['requesting', 'pending', 'in_progress', 'completed', 'rejected'] as const;
export type RefillStatus = (typeof refillStates)[number];

export const refillStatusLabels: Record<string, string> = {
  requesting: 'Reposição solicitada',
  pending: 'Reposição pendente',
  in_progress: 'Reposição em andamento',
  completed: 'Reposição concluída',
  rejected: 'Reposição recusada pelo fornecedor',
};

export interface DeliveryView {
  id: string;
  product: 'followers' | 'likes' | 'views';
  quantity: number;
  /** Delivered so far (quantity − remains), when the panel has said. */
  delivered: number | null;
  state: DeliveryState;
  /** For a plan's day: when it is due. */
  dueAt: string;
  refillStatus: string | null;
  /** A plan's engagement component (ADR 032): `quantity` is per post, delivered until `activeUntil`. */
  component: PlanComponentId | null;
  activeUntil: string | null;
  /** Stopped early but the panel cannot cancel it: it runs until `activeUntil`. */
  leftToExpire: boolean;
}

export interface FulfilmentView {
  deliveries: DeliveryView[];
  refill: { available: boolean; nextAt: string | null };
}

export interface AdminDelivery extends DeliveryView {
  orderId: string;
  itemKey: string;
  link: string;
  serviceId: string | null;
  panelOrderId: string | null;
  startCount: number | null;
  remains: number | null;
  charge: string | null;
  currency: string | null;
  lastError: string | null;
  submittedAt: string | null;
  updatedAt: string;
  purchaseCode?: string;
  instagram?: string;
  /** "Entregar manualmente: …" for a plan component no panel service delivers (manual or refused). */
  task: string | null;
}

/** Followers and a plan's components go to a profile (its @); other likes and views to a post. */
export const wantsProfile = (d: Pick<DeliveryView, 'product' | 'component'>) =>
  d.product === 'followers' || d.component !== null;

/** A corrected link: the profile's @ (followers, a plan's component), a post link for likes and views. */
export const deliveryLinkSchema = (d: Pick<DeliveryView, 'product' | 'component'>) =>
  z.object({ link: wantsProfile(d) ? instagramHandleSchema : postLinkSchema });

export const linkPanelOrderSchema = z.object({
  panelOrderId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, 'Informe o número do pedido no fornecedor.'),
});

/** Each package's cost from its service's rate and its margin (docs/admin.md#cost-and-margin), in centavos. */
export interface PanelCosts {
  /** How the panel's currency becomes reais: it is BRL, SMM_BRL_RATE says, or nothing says (no cost). */
  conversion: { currency: string | null; rule: 'brl' | 'configured' | 'missing'; brlPerUnit: string | null };
  packages: Array<{
    product: ProductId;
    amount: number;
    serviceId: string | null;
    /** The panel's price per 1.000 units, in its currency, as it wrote it. */
    rate: string | null;
    costCents: number | null;
    marginCents: number | null;
    marginBasisPoints: number | null;
  }>;
}

/** GET /api/admin/fulfilment/panel: the supplier's balance and the configured services, with warnings. */
export interface PanelReport {
  provider: 'sandbox' | 'smm' | 'manual';
  balance: { balance: number; currency: string } | null;
  services: Array<{
    product: ProductId;
    serviceId: string;
    name: string | null;
    min: number | null;
    max: number | null;
    rate: string | null;
    refill: boolean | null;
    dripfeed: boolean | null;
  }>;
  /** Each plan component's service as the panel describes it; `problem` when it cannot deliver it. */
  components: Array<{
    plan: PlanId;
    component: PlanComponentId;
    quantity: number;
    serviceId: string | null;
    name: string | null;
    type: string | null;
    min: number | null;
    max: number | null;
    cancel: boolean | null;
    problem: string | null;
  }>;
  warnings: string[];
  /** Null without a panel (manual delivery). */
  costs: PanelCosts | null;
}
