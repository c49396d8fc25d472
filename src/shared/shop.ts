import type { PlanId } from './catalogue';

/** The shop's public identity (docs/product.md#shop-identity), sent to the browser with every page. */
export interface ShopIdentity {
  name: string;
  legalName: string;
  cnpj: string;
  address: string;
  /** Digits with country code, e.g. 5511999999999. */
  whatsappNumber: string;
  supportEmail: string;
  /** The controller's contact for data-subject requests (LGPD). */
  privacyEmail: string;
  /** SHOP_SUPPORT_HOURS, one line each. */
  supportHours: readonly string[];
  replyWithin: string;
  /** RETENTION_MONTHS: guest orders' personal data is anonymised after this, for /privacidade. */
  retentionMonths: number;
  gtmId: string | null;
  /** Optional external purchase page per plan (spec: plan buttons may open one in a new tab). */
  planLinks: Partial<Record<PlanId, string>>;
  /** Package ids the operator switched off (e.g. `likes-4000`): 'Produto indisponível no momento.' */
  unavailablePackages: readonly string[];
  sandbox: boolean;
  /**
   * docs/product.md#cards-and-instalments: 'hosted' sends card buyers to the provider's page instead of our
   * card form.
   */
  cardCheckout: 'transparent' | 'hosted';
  /** WhatsApp messages are on (docs/whatsapp.md): checkout asks for the buyer's consent. */
  whatsappUpdates: boolean;
}

/** With the card form on our page and a real provider, the provider needs the billing address. */
export function cardNeedsAddress(shop: Pick<ShopIdentity, 'sandbox' | 'cardCheckout'>): boolean {
  return !shop.sandbox && shop.cardCheckout === 'transparent';
}

/** "meus-dados-loja-da-bia.json": the LGPD download named after the shop the buyer knows. */
export function personalDataFileName(shopName: string): string {
  const slug = shopName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `meus-dados-${slug || 'loja'}.json`;
}

/** The first message of a WhatsApp chat opened from the site. */
export const defaultWhatsappMessage = (shopName: string) =>
  `Olá! Vim pelo site da ${shopName} e gostaria de tirar uma dúvida sobre os pacotes.`;

export function whatsappLink(number: string, message: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}?text=${encodeURIComponent(message)}`;
}
