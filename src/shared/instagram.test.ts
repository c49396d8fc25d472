import { describe, expect, it } from 'vitest';
import { isInstagramPostLink, isValidInstagramHandle, normaliseInstagramHandle } from './instagram';
import { leadSchema } from './schemas/lead';

describe('Instagram handle', () => {
  it('strips a leading @', () => expect(normaliseInstagramHandle(' @meu.perfil ')).toBe('meu.perfil'));
  it.each(['meu.perfil', '@a', 'user_1', 'a'.repeat(30)])('accepts %s', (h) =>
    expect(isValidInstagramHandle(h)).toBe(true),
  );
  it.each(['', '@', 'meu perfil', 'ação', 'a'.repeat(31), '<script>'])('rejects %s', (h) =>
    expect(isValidInstagramHandle(h)).toBe(false),
  );
});

describe('post link', () => {
  it.each([
    'https://www.instagram.com/p/Cx1abc_-9/',
    'https://instagram.com/reel/Cx1abc/',
    'https://www.instagram.com/meu.perfil/p/Cx1abc/',
  ])('accepts %s', (l) => expect(isInstagramPostLink(l)).toBe(true));
  it.each([
    'instagram.com/p/x',
    'https://evil.com/p/abc',
    'javascript:alert(1)',
    'https://www.instagram.com/',
  ])('rejects %s', (l) => expect(isInstagramPostLink(l)).toBe(false));
});

describe('leadSchema', () => {
  it('gives the spec texts', () => {
    const result = leadSchema(true).safeParse({ instagram: 'a b', email: '', postLink: '' });
    expect(result.success).toBe(false);
    const texts = result.error!.issues.map((i) => [i.path[0], i.message]);
    expect(texts).toEqual(
      expect.arrayContaining([
        ['instagram', 'Informe um @instagram válido (ex.: @meu.perfil)'],
        ['email', 'Por favor, preencha seu email'],
        ['postLink', 'Informe o link da publicação'],
      ]),
    );
  });

  it('normalises a good lead', () => {
    expect(leadSchema(false).parse({ instagram: '@Meu.Perfil', email: ' A@B.COM ' })).toEqual({
      instagram: 'Meu.Perfil',
      email: 'a@b.com',
    });
  });
});
