import type { PlanComponent } from './plan-components';

// What the shop sells (docs/product.md#catalogue, #add-ons). The kinds of product and plan are fixed in code:
// delivery, links and wording depend on them. Their prices, packages, perks and guarantees live in the
// database and are edited in the panel (issue 13, ADR 021); every price a buyer sees and every total the
// server charges comes from one `Catalogue` value. Money is integer centavos (docs/product.md#money).

export const productIds = ['followers', 'likes', 'views'] as const;
export type ProductId = (typeof productIds)[number];

export const planIds = ['iniciante', 'simples', 'avancado'] as const;
export type PlanId = (typeof planIds)[number];

/** A kind of product: what it is called and how it is delivered. */
export interface ProductKind {
  id: ProductId;
  name: string;
  /** Plural noun for "1.000 seguidores". */
  unitLabel: string;
  description: string;
  activation: string;
  needsPostLink: boolean;
}

export interface Package {
  /** Spec key, e.g. `followers-1000` (what UNAVAILABLE_PACKAGES names). */
  id: string;
  amount: number;
  priceCents: number;
  popular: boolean;
  /** docs/product.md#catalogue: a disabled package shows 'Produto indisponível no momento.' */
  available: boolean;
  perks: readonly string[];
}

export interface Product extends ProductKind {
  /** Add-on (order bump) unit price, Reading A (docs/product.md#add-ons). */
  addOnUnitCents: number;
  /** Refills are offered this many days after delivery (the days in force when the order was paid). */
  guaranteeDays: number;
  /** By quantity, smallest first. */
  packages: readonly Package[];
}

export interface Plan {
  id: PlanId;
  name: string;
  priceCents: number;
  popular: boolean;
  badge: string | null;
  /** Shown after the daily promise; the components' lines come first (written from `components`). */
  features: readonly string[];
  benefits: readonly string[];
  /** Followers delivered per day, as the plan promises (docs/product.md#plans). */
  dailyFollowers: { min: number; max: number };
  /** Likes per post, story and video views, each delivered every month (ADR 032). */
  components: readonly PlanComponent[];
}

export interface Catalogue {
  /** Bumped on every change; instances reload and re-render their cached pages when it moves. */
  version: number;
  products: readonly Product[];
  plans: readonly Plan[];
  /** Off a PIX payment at checkout, after any coupon (docs/coupons.md); 0 when the owner set none. */
  pixDiscountPercent: number;
}

export const productKinds: readonly ProductKind[] = [
  {
    id: 'followers',
    name: 'Seguidores',
    unitLabel: 'seguidores',
    description: 'Seguidores brasileiros para fortalecer a autoridade do seu perfil.',
    activation: '24-48h',
    needsPostLink: false,
  },
  {
    id: 'likes',
    name: 'Curtidas',
    unitLabel: 'curtidas',
    description: 'Curtidas brasileiras para dar prova social às suas publicações.',
    activation: '1-24h',
    needsPostLink: true,
  },
  {
    id: 'views',
    name: 'Visualizações',
    unitLabel: 'visualizações',
    description: 'Visualizações para seus vídeos e Reels alcançarem mais gente.',
    activation: '1-6h',
    needsPostLink: true,
  },
];

export const planNames: Readonly<Record<PlanId, string>> = {
  iniciante: 'Iniciante',
  simples: 'Simples',
  avancado: 'Avançado',
};

export const planGuaranteeDays = 7;
/** docs/product.md#whatsapp-settlement: one-time totals above this are settled in a WhatsApp conversation. */
export const whatsappSettlementAboveCents = 15000;
export const maxInstalments = 12;
export const addOnPercent = 30;
