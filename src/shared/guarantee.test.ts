import { describe, expect, it } from 'vitest';
import { guaranteeSummary, packageGuaranteeLine } from './guarantee';

const products = (followers: number, likes: number, views: number) => [
  { unitLabel: 'seguidores', guaranteeDays: followers },
  { unitLabel: 'curtidas', guaranteeDays: likes },
  { unitLabel: 'visualizações', guaranteeDays: views },
];

describe('guarantee wording', () => {
  it("names the catalogue's days, products of the same days together", () => {
    expect(guaranteeSummary(products(30, 15, 15))).toBe(
      'Garantia de reposição: 30 dias para seguidores e 15 dias para curtidas e visualizações',
    );
    expect(guaranteeSummary(products(20, 20, 1))).toBe(
      'Garantia de reposição: 20 dias para seguidores e curtidas e 1 dia para visualizações',
    );
  });

  it('says there is no guarantee instead of "0 dias"', () => {
    expect(guaranteeSummary(products(30, 0, 0))).toBe(
      'Garantia de reposição: 30 dias para seguidores; curtidas e visualizações sem garantia de reposição',
    );
    expect(guaranteeSummary(products(0, 0, 0))).toBe('Sem garantia de reposição nos pacotes avulsos');
    expect(packageGuaranteeLine(0)).toBe('Sem garantia de reposição');
    expect(packageGuaranteeLine(15)).toBe('Garantia de 15 dias');
  });
});
