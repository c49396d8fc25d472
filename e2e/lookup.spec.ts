import type { Route } from '@playwright/test';
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
    // The page's clock: the 10 s the shop waits for an answer pass when the test says so, not in real time.
    await page.clock.install();
    await gotoHydrated(page, '/login');
    await page.getByRole('button', { name: 'Consultar' }).click();
    await expect(page.getByRole('alert')).toHaveText('E-mail e código de compra são obrigatórios');

    await page.getByLabel('E-mail', { exact: true }).fill('ninguem@exemplo.com');
    await page.getByLabel('Código de compra').fill('ZZZZ-ZZZZ');
    await page.getByRole('button', { name: 'Consultar' }).click();
    await expect(page.getByRole('alert')).toHaveText('Nenhum pedido encontrado para este e-mail e código');

    // A server that never answers: the request is held until the page gives up on it.
    const held: Route[] = [];
    await page.route('**/api/orders/lookup', (route) => void held.push(route));
    await page.getByRole('button', { name: 'Consultar' }).click();
    await expect(page.getByRole('button', { name: 'Consultando...' })).toBeDisabled();
    await expect.poll(() => held.length).toBe(1);
    await page.clock.runFor(10_000);
    await expect(page.getByRole('alert')).toHaveText('Servidor demorou para responder. Tente novamente.');

    await page.unroute('**/api/orders/lookup');
    await Promise.all(held.map((route) => route.abort().catch(() => undefined)));
    await page.route('**/api/orders/lookup', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Consultar' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Problema de conexão. Verifique sua internet e tente novamente.',
    );
  });
});
