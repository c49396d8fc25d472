import { expect, gotoHydrated, test } from './fixtures';

test.describe('order lookup (/login)', () => {
  test('buy by PIX, read the purchase code from the page, then find the order with it', async ({ page }) => {
    await gotoHydrated(page, '/checkout?type=views&amount=1000');
    await page.getByLabel('Seu @ do Instagram').fill('loja.da.bia');
    await page
      .getByLabel('Link da publicação', { exact: true })
      .fill('https://www.instagram.com/reel/Cx9xyz/');
    await page.getByLabel('Seu WhatsApp').fill('21987654321');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('button', { name: /^PIX/ }).click();
    await page.getByLabel('Nome completo').fill('Bia Lima');
    await page.getByLabel('E-mail', { exact: true }).fill('bia@exemplo.com');
    await page.getByLabel('CPF').fill('24971563792');
    await page.getByRole('button', { name: 'Gerar QR Code PIX' }).click();
    const code = (await page.getByText(/^Pedido [2-9A-Z]{4}-[2-9A-Z]{4}/).textContent())!.match(
      /[2-9A-Z]{4}-[2-9A-Z]{4}/,
    )![0];

    await gotoHydrated(page, '/login');
    await expect(page.getByRole('heading', { name: 'Consultar Compra' })).toBeVisible();
    await page.getByLabel('E-mail', { exact: true }).fill('BIA@exemplo.com');
    await page.getByLabel('Código de compra').fill(code.toLowerCase().replace('-', ''));
    await page.getByRole('button', { name: 'Consultar' }).click();
    await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
    await expect(page.getByText(code, { exact: true }).first()).toBeVisible();
  });

  test('says what is wrong: missing fields, no match, slow server, no connection', async ({ page }) => {
    await gotoHydrated(page, '/login');
    await page.getByRole('button', { name: 'Consultar' }).click();
    await expect(page.getByRole('alert')).toHaveText('E-mail e código de compra são obrigatórios');

    await page.getByLabel('E-mail', { exact: true }).fill('ninguem@exemplo.com');
    await page.getByLabel('Código de compra').fill('ZZZZ-ZZZZ');
    await page.getByRole('button', { name: 'Consultar' }).click();
    await expect(page.getByRole('alert')).toHaveText('Nenhum pedido encontrado para este e-mail e código');

    await page.route('**/api/orders/lookup', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 11_000));
      await route.abort().catch(() => undefined);
    });
    await page.getByRole('button', { name: 'Consultar' }).click();
    await expect(page.getByRole('button', { name: 'Consultando...' })).toBeDisabled();
    await expect(page.getByRole('alert')).toHaveText('Servidor demorou para responder. Tente novamente.', {
      timeout: 12_000,
    });

    await page.unroute('**/api/orders/lookup');
    await page.route('**/api/orders/lookup', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Consultar' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Problema de conexão. Verifique sua internet e tente novamente.',
    );
  });
});
