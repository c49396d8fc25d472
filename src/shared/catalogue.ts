// The one catalogue (DECISIONS 1–3): every price a buyer sees and every total the server charges comes
// from here. Money is integer centavos (DECISIONS 4).

export const productIds = ['followers', 'likes', 'views'] as const;
export type ProductId = (typeof productIds)[number];

export const planIds = ['iniciante', 'simples', 'avancado'] as const;
export type PlanId = (typeof planIds)[number];

export interface Package {
  /** Spec key, e.g. `followers-1000`. */
  id: string;
  amount: number;
  priceCents: number;
  popular: boolean;
  /** DECISIONS 6: a disabled package shows 'Produto indisponível no momento.' */
  available: boolean;
  perks: readonly string[];
}

export interface Product {
  id: ProductId;
  name: string;
  /** Singular/plural nouns for "1.000 seguidores". */
  unitLabel: string;
  description: string;
  /** Add-on (order bump) unit price, Reading A (DECISIONS 3). */
  addOnUnitCents: number;
  activation: string;
  guaranteeDays: number;
  needsPostLink: boolean;
  packages: readonly Package[];
}

export interface Plan {
  id: PlanId;
  name: string;
  priceCents: number;
  popular: boolean;
  badge: string | null;
  features: readonly string[];
  benefits: readonly string[];
  /** Followers delivered per day, as the plan promises (spec §9). */
  dailyFollowers: { min: number; max: number };
}

function pkg(product: ProductId, amount: number, priceCents: number, extra: Partial<Package> = {}): Package {
  return {
    id: `${product}-${amount}`,
    amount,
    priceCents,
    popular: false,
    available: true,
    perks: [],
    ...extra,
  };
}

const followerPerks = (amount: number): string[] => {
  const perks: string[] = [];
  if (amount === 2000 || amount === 3000) perks.push('Suporte prioritário');
  if (amount >= 4000) perks.push('Suporte VIP');
  if (amount === 10000) perks.push('Entrega expressa');
  return perks;
};

export const products: readonly Product[] = [
  {
    id: 'followers',
    name: 'Seguidores',
    unitLabel: 'seguidores',
    description: 'Seguidores brasileiros para fortalecer a autoridade do seu perfil.',
    addOnUnitCents: 6,
    activation: '24-48h',
    guaranteeDays: 30,
    needsPostLink: false,
    packages: [
      [200, 1690],
      [500, 4590],
      [1000, 8590],
      [2000, 13590],
      [3000, 19590],
      [4000, 25590],
      [5000, 32590],
      [10000, 62590],
    ].map(([amount, cents]) =>
      pkg('followers', amount!, cents!, { popular: amount === 1000, perks: followerPerks(amount!) }),
    ),
  },
  {
    id: 'likes',
    name: 'Curtidas',
    unitLabel: 'curtidas',
    description: 'Curtidas brasileiras para dar prova social às suas publicações.',
    addOnUnitCents: 8,
    activation: '1-24h',
    guaranteeDays: 15,
    needsPostLink: true,
    packages: [
      pkg('likes', 500, 2690),
      pkg('likes', 1000, 3990),
      pkg('likes', 2000, 7590, { popular: true }),
      pkg('likes', 4000, 13990),
    ],
  },
  {
    id: 'views',
    name: 'Visualizações',
    unitLabel: 'visualizações',
    description: 'Visualizações para seus vídeos e Reels alcançarem mais gente.',
    addOnUnitCents: 2,
    activation: '1-6h',
    guaranteeDays: 15,
    needsPostLink: true,
    packages: [
      pkg('views', 1000, 1090),
      pkg('views', 2000, 2090),
      pkg('views', 3000, 3090, { popular: true }),
      pkg('views', 4000, 4090),
    ],
  },
];

export const plans: readonly Plan[] = [
  {
    id: 'iniciante',
    name: 'Iniciante',
    priceCents: 9700,
    popular: false,
    badge: null,
    features: ['16 a 25 seguidores por dia'],
    benefits: ['Crescimento diário e gradual', 'Público brasileiro', 'Cancele quando quiser pelo WhatsApp'],
    dailyFollowers: { min: 16, max: 25 },
  },
  {
    id: 'simples',
    name: 'Simples',
    priceCents: 19700,
    popular: true,
    badge: 'Mais escolhido',
    features: [
      '25 a 50 seguidores por dia',
      '40 curtidas por publicação',
      '35 visualizações de story',
      '150 visualizações de vídeo',
    ],
    benefits: ['Tudo do Iniciante', 'Engajamento em cada publicação', 'Suporte prioritário'],
    dailyFollowers: { min: 25, max: 50 },
  },
  {
    id: 'avancado',
    name: 'Avançado',
    priceCents: 39700,
    popular: false,
    badge: null,
    features: [
      '50 a 75 seguidores por dia',
      '100 curtidas por publicação',
      '70 visualizações de story',
      '250 visualizações de vídeo',
    ],
    benefits: ['Tudo do Simples', 'Máximo alcance mensal', 'Suporte VIP'],
    dailyFollowers: { min: 50, max: 75 },
  },
];

export const planGuaranteeDays = 7;
/** DECISIONS 11: one-time totals above this are settled in a WhatsApp conversation. */
export const whatsappSettlementAboveCents = 15000;
export const maxInstalments = 12;
export const addOnPercent = 30;
