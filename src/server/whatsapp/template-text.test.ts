import { describe, expect, it } from 'vitest';
import { templateText } from './template-text';

describe('templateText', () => {
  it('takes out what Meta refuses in a parameter: new-lines, tabs, more than four spaces in a row', () => {
    expect(templateText('Olá,\r\nAna!\tSeu pedido')).toBe('Olá, Ana! Seu pedido');
    expect(templateText('Ana      Maria')).toBe('Ana    Maria');
    expect(templateText('linha 1\n\n\nlinha 2 \t ')).toBe('linha 1 linha 2');
    expect(templateText('  fim\n')).toBe('fim');
  });

  it('leaves alone the text Meta takes, as a PIX code must stay', () => {
    const pix =
      '00020126580014br.gov.bcb.pix0136a1b2  c3d4    e5f65204000053039865802BR5913Loja  Impulso6304ABCD';
    expect(templateText(pix)).toBe(pix);
  });
});
