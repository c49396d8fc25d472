import { describe, expect, it } from 'vitest';
import { render } from '../../entry-server';
import { testShop as shop } from '../../../../tests/helpers/test-shop';
import { openingCatalogue } from '../../../../tests/helpers/opening-catalogue';

// /cancelado names the PIX discount the owner set in the panel, and promises none while there is none.

const page = async (pixDiscountPercent: number) =>
  (
    await render('/cancelado', {
      shop,
      now: new Date('2026-11-23T12:00:00Z'),
      catalogue: { ...openingCatalogue, pixDiscountPercent },
      cookieBanner: false,
    })
  ).html;

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
