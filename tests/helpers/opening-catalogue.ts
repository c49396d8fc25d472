import { productKinds, type Catalogue, type Package, type ProductId } from '#shared/catalogue.ts';

// The catalogue the shop opened with (docs/product.md#catalogue, #add-ons), as migration 0019 seeds it: unit
// tests price against it, and a test checks the migration against it.

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

const kind = (id: ProductId) => productKinds.find((k) => k.id === id)!;

export const openingCatalogue: Catalogue = {
  version: 1,
  pixDiscountPercent: 0,
  products: [
    {
      ...kind('followers'),
      addOnUnitCents: 6,
      guaranteeDays: 30,
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
      ...kind('likes'),
      addOnUnitCents: 8,
      guaranteeDays: 15,
      packages: [
        pkg('likes', 500, 2690),
        pkg('likes', 1000, 3990),
        pkg('likes', 2000, 7590, { popular: true }),
        pkg('likes', 4000, 13990),
      ],
    },
    {
      ...kind('views'),
      addOnUnitCents: 2,
      guaranteeDays: 15,
      packages: [
        pkg('views', 1000, 1090),
        pkg('views', 2000, 2090),
        pkg('views', 3000, 3090, { popular: true }),
        pkg('views', 4000, 4090),
      ],
    },
  ],
  plans: [
    {
      id: 'iniciante',
      name: 'Iniciante',
      priceCents: 9700,
      popular: false,
      badge: null,
      features: [],
      benefits: ['Crescimento diário e gradual', 'Público brasileiro', 'Cancele quando quiser pelo WhatsApp'],
      dailyFollowers: { min: 16, max: 25 },
      components: [],
    },
    {
      id: 'simples',
      name: 'Simples',
      priceCents: 19700,
      popular: true,
      badge: 'Mais escolhido',
      features: ['40 curtidas por publicação', '35 visualizações de story', '150 visualizações de vídeo'],
      benefits: ['Tudo do Iniciante', 'Engajamento em cada publicação', 'Suporte prioritário'],
      dailyFollowers: { min: 25, max: 50 },
      components: [
        { id: 'likes_per_post', quantity: 40 },
        { id: 'story_views', quantity: 35 },
        { id: 'video_views', quantity: 150 },
      ],
    },
    {
      id: 'avancado',
      name: 'Avançado',
      priceCents: 39700,
      popular: false,
      badge: null,
      features: ['100 curtidas por publicação', '70 visualizações de story', '250 visualizações de vídeo'],
      benefits: ['Tudo do Simples', 'Máximo alcance mensal', 'Suporte VIP'],
      dailyFollowers: { min: 50, max: 75 },
      components: [
        { id: 'likes_per_post', quantity: 100 },
        { id: 'story_views', quantity: 70 },
        { id: 'video_views', quantity: 250 },
      ],
    },
  ],
};
