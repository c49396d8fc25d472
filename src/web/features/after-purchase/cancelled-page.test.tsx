import { describe, expect, it } from 'vitest';
import { renderPage } from '#tests/helpers/render-page.ts';
import { openingCatalogue } from '#tests/helpers/opening-catalogue.ts';

// /cancelado names the PIX discount the owner set in the panel, and promises none while there is none.

const page = (pixDiscountPercent: number) =>
  renderPage('/cancelado', { catalogue: { ...openingCatalogue, pixDiscountPercent } });

describe('/cancelado and the PIX discount', () => {
  it('names the percentage set in the panel', async () => {
    const html = await page(2);
    expect(html).toContain('Pagando com PIX você tem <strong>2<!-- -->% de desconto</strong>');
    expect(await page(5)).toContain('5<!-- -->% de desconto');
  });

  it('promises no discount when none is set', async () => {
    expect(await page(0)).not.toContain('de desconto');
  });
});
