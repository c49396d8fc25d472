import { render } from '#web/entry-server.tsx';
import type { RenderContext } from '#shared/render-contract.ts';
import type { ShopIdentity } from '#shared/shop.ts';
import { defaultShopClaims } from '#shared/shop-claims.ts';
import { openingCatalogue } from './opening-catalogue';

/** A shop identity for rendering pages in unit tests, without loading the configuration. */
export const testShop: ShopIdentity = {
  name: 'Impulso',
  legalName: 'Impulso Digital LTDA',
  cnpj: '00.000.000/0001-00',
  address: 'São Paulo, SP',
  whatsappNumber: '5511999999999',
  supportEmail: 'contato@impulso.example',
  privacyEmail: 'privacidade@impulso.example',
  supportHours: ['Segunda a sexta, 9h às 18h'],
  replyWithin: '2 horas',
  retentionMonths: 24,
  gtmId: null,
  planLinks: {},
  unavailablePackages: [],
  sandbox: false,
  cardCheckout: 'transparent',
  whatsappUpdates: false,
};

/** A page's markup as the real server entry renders it, with the opening catalogue unless told otherwise. */
export const renderPage = async (url: string, context: Partial<RenderContext> = {}) =>
  (
    await render(url, {
      shop: testShop,
      now: new Date('2026-11-23T12:00:00Z'),
      catalogue: openingCatalogue,
      claims: defaultShopClaims,
      cookieBanner: false,
      ...context,
    })
  ).html;
