// The shop's own numbers (docs/product.md#copy-honesty): the landing's "50K+ perfis atendidos" and
// "200K+ interações entregues", and /sobre's "mais de 50 mil perfis". The owner edits or hides them in the
// panel ("Números da loja", ADR 031): a new shop has none to claim. Today's texts are the defaults.

export interface ShopClaim {
  /** "50K+" */
  value: string;
  /** "perfis atendidos" */
  label: string;
}

export interface ShopClaims {
  /** Moves on every edit; pages rendered with older numbers are rendered again. */
  version: number;
  shown: boolean;
  profiles: ShopClaim;
  interactions: ShopClaim;
  /** Completes /sobre's "Desde o início já atendemos …". */
  aboutProfiles: string;
}

export const defaultShopClaims: ShopClaims = {
  version: 0,
  shown: true,
  profiles: { value: '50K+', label: 'perfis atendidos' },
  interactions: { value: '200K+', label: 'interações entregues' },
  aboutProfiles: 'mais de 50 mil perfis',
};
