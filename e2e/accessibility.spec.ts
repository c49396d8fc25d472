import { axeViolations, expect, gotoHydrated, test } from './fixtures';

for (const path of ['/', '/precos', '/precos?tipo=avulso', '/sobre', '/privacidade', '/isto-nao-existe']) {
  test(`axe finds no violations on ${path}`, async ({ page }) => {
    await gotoHydrated(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}

test('axe finds no violations with the cookie banner and the purchase modal open', async ({
  freshPage: page,
}) => {
  await gotoHydrated(page, '/precos?tipo=avulso');
  await expect(page.getByRole('region', { name: 'Preferências de cookies' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Rejeitar' }).click();
  await page.getByRole('link', { name: 'Comprar 1.000 curtidas por R$ 39,90' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Continuar para pagamento' }).click();
  await expect(page.getByText('Informe o link da publicação')).toBeVisible();
  expect(await axeViolations(page, 'dialog')).toEqual([]);
});

for (const path of [
  '/checkout?type=followers&amount=1000',
  '/login',
  '/cancelado',
  '/signup',
  '/admin/login',
  '/whatsapp-payment?pedido_id=00000000-0000-0000-0000-000000000000',
]) {
  test(`axe finds no violations on ${path}`, async ({ page }) => {
    await gotoHydrated(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}
