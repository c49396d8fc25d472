// The shop's own numbers (docs/product.md#copy-honesty): the landing's two ("1.200 perfis atendidos") and
// /sobre's phrase ("mais de mil perfis"). The owner fills them in and shows them in the panel ("Números da
// loja", ADR 031); a new shop has none to claim, so they start hidden and blank (ADR 055).

export interface ShopClaim {
  /** "1.200", blank until the owner gives it. */
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
  shown: false,
  profiles: { value: '', label: 'perfis atendidos' },
  interactions: { value: '', label: 'interações entregues' },
  aboutProfiles: '',
};
