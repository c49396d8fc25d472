import { apiOrder, axeViolations, expect, gotoHydrated, signInOperator, test } from './fixtures';

// Issue 46 §1: every page of the panel on a phone. A plain 390 px window, not an emulated phone: a phone's
// browser zooms out to fit a page wider than the screen, and then the page's width always "fits".
const pages = [
  ['/admin', 'Painel'],
  ['/admin/pedidos', 'Pedidos'],
  ['/admin/vendas', 'Vendas'],
  ['/admin/entregas', 'Entregas'],
  ['/admin/catalogo', 'Catálogo e preços'],
  ['/admin/cupons', 'Cupons'],
  ['/admin/nota-fiscal', 'Nota fiscal'],
  ['/admin/whatsapp', 'WhatsApp'],
  ['/admin/emails', 'E-mails enviados'],
  ['/admin/seguranca', 'Segurança do painel'],
  ['/admin/configuracoes', 'Configurações'],
] as const;

test.use({ viewport: { width: 390, height: 844 } });

/** How much wider than the window the document and the body are (0 when they fit). */
const overflow = (page: import('@playwright/test').Page) =>
  page.evaluate(() => ({
    document: document.documentElement.scrollWidth - window.innerWidth,
    body: document.body.scrollWidth - window.innerWidth,
  }));

for (const [path, title] of pages) {
  test(`${path} fits a 390 px and a 360 px phone, with its navigation within reach`, async ({
    page,
    request,
  }) => {
    await apiOrder(request, { instagram: 'painel.no.celular', name: 'Maria Aparecida dos Santos Oliveira' });
    await signInOperator(page);
    await gotoHydrated(page, path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Carregando…')).toHaveCount(0);

    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 844 });
      expect(await overflow(page), `${path} at ${width} px`).toEqual({ document: 0, body: 0 });
      // The test-mode banner is whole: its text is not cut.
      const banner = page.getByRole('complementary', { name: 'Modo de teste' });
      expect(await banner.evaluate((b) => b.scrollWidth <= b.clientWidth)).toBe(true);
    }
    await page.setViewportSize({ width: 390, height: 844 });

    // One navigation, every link a thumb's size (44 px), reached from "Menu do painel".
    const menu = page.locator('summary', { hasText: 'Menu do painel' });
    expect((await menu.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await menu.click();
    const links = page.getByRole('navigation', { name: 'Painel' }).getByRole('link');
    await expect(links).toHaveCount(pages.length);
    for (const box of await links.evaluateAll((all) => all.map((a) => a.getBoundingClientRect().toJSON())))
      expect(Math.min(box.height, box.width)).toBeGreaterThanOrEqual(44);
    expect(await overflow(page), `${path} with the menu open`).toEqual({ document: 0, body: 0 });
    expect(await axeViolations(page)).toEqual([]);
  });
}

test('the sales chart is legible at 390 px and the e-mails page says where e-mails go', async ({ page }) => {
  await signInOperator(page);
  await gotoHydrated(page, '/admin/vendas?period=7d');
  const chart = page.getByRole('region', { name: 'Vendas por dia' }).locator('svg');
  expect((await chart.boundingBox())!.height).toBeGreaterThanOrEqual(140);
  // This run sends e-mails through SMTP (e2e/server-env.ts): the page lists none and says so.
  await gotoHydrated(page, '/admin/emails');
  await expect(page.getByRole('status')).toHaveText(/Os e-mails saem pelo servidor SMTP/);
});
