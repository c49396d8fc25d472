import { expect, it } from 'vitest';
import { loadConfig } from './config';

// Issue 13: support hours and the privacy contact are the shop's identity, from configuration.
it('reads support hours (one line per |), the reply promise and the privacy contact', () => {
  const shop = loadConfig({
    SHOP_SUPPORT_HOURS: 'Todos os dias: 8h às 22h | Feriados: 10h às 16h',
    SHOP_REPLY_WITHIN: 'Respondemos em até 30 minutos.',
    SHOP_PRIVACY_EMAIL: 'privacidade@loja.example',
  }).shop;
  expect(shop.supportHours).toEqual(['Todos os dias: 8h às 22h', 'Feriados: 10h às 16h']);
  expect(shop.replyWithin).toBe('Respondemos em até 30 minutos.');
  expect(shop.privacyEmail).toBe('privacidade@loja.example');
  const defaults = loadConfig({ SHOP_SUPPORT_EMAIL: 'ajuda@loja.example' }).shop;
  expect(defaults.privacyEmail).toBe('ajuda@loja.example');
  expect(defaults.supportHours).toHaveLength(3);
});
