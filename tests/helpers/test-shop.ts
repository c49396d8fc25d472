import type { ShopIdentity } from '../../src/shared/shop';

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
};
