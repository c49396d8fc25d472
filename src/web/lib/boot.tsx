import { createContext, useContext, useEffect, useState } from 'react';
import { bootDataElementId, type BootData } from '../../shared/render-contract';
import type { Catalogue } from '../../shared/catalogue';
import type { ShopIdentity } from '../../shared/shop';
import type { ShopClaims } from '../../shared/shop-claims';

export interface Boot {
  shop: ShopIdentity;
  /** The instant the server rendered the page; used for the first render so hydration matches. */
  renderedAt: Date;
  /** Prices and packages as the server rendered this page with (edited in the panel, issue 13). */
  catalogue: Catalogue;
  /** The shop's numbers as the owner set them ("Números da loja"). */
  claims: ShopClaims;
  /** The server put the cookie banner in the page (the visitor had not chosen yet). */
  cookieBanner: boolean;
}

const BootContext = createContext<Boot | null>(null);
export const BootProvider = BootContext.Provider;

export function readBootData(): Boot {
  const element = document.getElementById(bootDataElementId);
  const data = JSON.parse(element?.textContent ?? '{}') as BootData;
  return {
    shop: data.shop,
    renderedAt: new Date(data.renderedAt),
    catalogue: data.catalogue,
    claims: data.claims,
    cookieBanner: data.cookieBanner,
  };
}

function useBoot(): Boot {
  const boot = useContext(BootContext);
  if (!boot) throw new Error('BootProvider missing');
  return boot;
}

export function useShop(): ShopIdentity {
  return useBoot().shop;
}

export function useCookieBannerRendered(): boolean {
  return useBoot().cookieBanner;
}

export function useCatalogue(): Catalogue {
  return useBoot().catalogue;
}

export function useShopClaims(): ShopClaims {
  return useBoot().claims;
}

/** Today, as rendered by the server first and then as the browser's clock says (spec: legal pages). */
export function useToday(): Date {
  const { renderedAt } = useBoot();
  const [today, setToday] = useState(renderedAt);
  useEffect(() => setToday(new Date()), []);
  return today;
}
