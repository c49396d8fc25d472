import { describe, expect, it } from 'vitest';
import { renderPage } from '#tests/helpers/render-page.ts';
import { openingCatalogue } from '#tests/helpers/opening-catalogue.ts';

// docs/product.md#guarantee: the landing's FAQ and "Suas proteções" name the days the owner set per product.

const landing = (days: Record<string, number>) =>
  renderPage('/', {
    catalogue: {
      ...openingCatalogue,
      products: openingCatalogue.products.map((p) => ({ ...p, guaranteeDays: days[p.id] ?? 0 })),
    },
  });

describe("the landing's guarantee follows the catalogue", () => {
  it('says the opening days', async () => {
    const html = await landing({ followers: 30, likes: 15, views: 15 });
    expect(html).toContain(
      'Garantia de reposição: 30 dias para seguidores e 15 dias para curtidas e visualizações. Basta nos chamar',
    );
    expect(html).toContain('<li class="flex gap-3 text-slate-800"><svg');
  });

  it("says the owner's days, and no guarantee rather than 0 days", async () => {
    const html = await landing({ followers: 45, likes: 0, views: 7 });
    const line =
      'Garantia de reposição: 45 dias para seguidores e 7 dias para visualizações; curtidas sem garantia de reposição';
    expect(html.split(line)).toHaveLength(3); // the FAQ and "Suas proteções"
    expect(html).not.toMatch(/\b0 dias|30 dias|15 dias/);
  });
});
