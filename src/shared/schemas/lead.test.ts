import { describe, expect, it } from 'vitest';
import { emailSchema } from './lead';

describe('emailSchema', () => {
  it('accepts ordinary addresses, lower-cased and trimmed', () => {
    expect(emailSchema.parse(' Ana.Souza+loja@Exemplo.com.br ')).toBe('ana.souza+loja@exemplo.com.br');
    expect(emailSchema.parse("o'neil@exemplo.com")).toBe("o'neil@exemplo.com");
  });

  it('refuses parts that would add headers or a body to a mailto: link, or break markup (issue 9 §11)', () => {
    for (const bad of [
      'ana@exemplo.com?cc=x@y.com',
      'ana@exemplo.com&body=oi',
      'ana%0A@exemplo.com',
      'ana@exemplo.com#x',
      'a<b@exemplo.com',
      'a"b@exemplo.com',
      'a/b@exemplo.com',
      'ana@exemplo',
    ]) {
      expect(emailSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});
