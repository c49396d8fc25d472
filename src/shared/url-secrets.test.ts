import { expect, it } from 'vitest';
import { withoutSecrets } from './url-secrets';

it('removes tokens from the query and the fragment, and keeps everything else', () => {
  expect(withoutSecrets('https://loja.example/redefinir-senha?token=abc123&x=1')).toBe(
    'https://loja.example/redefinir-senha?token=[removido]&x=1',
  );
  expect(withoutSecrets('https://loja.example/verificar-email#token=abc')).toBe(
    'https://loja.example/verificar-email#token=[removido]',
  );
  expect(withoutSecrets('https://loja.example/precos?tipo=avulso&utm_source=ig')).toBe(
    'https://loja.example/precos?tipo=avulso&utm_source=ig',
  );
  expect(withoutSecrets('/a?b=1&TOKEN=z#c')).toBe('/a?b=1&TOKEN=[removido]#c');
});

it("removes the order page's write token (#acesso=, ADR 026)", () => {
  expect(withoutSecrets('https://loja.example/order/3f0c#acesso=eyJh.c2ln')).toBe(
    'https://loja.example/order/3f0c#acesso=[removido]',
  );
});
