import type { Locator, Page } from '@playwright/test';
import { expect, gotoHydrated, test } from './fixtures';

// Issue 45 §2: after the first submit each field is checked again as it changes, so a field put right
// shows no error. Each public form is sent empty, then filled, and no error text may be left.

/** The field errors on the page (TextField's and the purchase modal's). */
const fieldErrors = (within: Page | Locator) => within.locator('[id$="-error"]');

test.describe('errors that clear', () => {
  test('checkout: step 1, then step 2 by card', async ({ page }) => {
    await gotoHydrated(page, '/checkout?type=followers&amount=1000');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText('Instagram é obrigatório')).toBeVisible();
    await expect(page.getByText('WhatsApp é obrigatório')).toBeVisible();
    await page.getByLabel('Seu @ do Instagram').fill('@loja.da.ana');
    await expect(page.getByText('Instagram é obrigatório')).toHaveCount(0);
    await page.getByLabel('Seu WhatsApp').pressSequentially('11912345678');
    await expect(fieldErrors(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Continuar' }).click();

    await page.getByRole('button', { name: /^Cartão de crédito/ }).click();
    await page.getByRole('button', { name: 'Finalizar Pagamento' }).click();
    for (const text of [
      'Nome completo é obrigatório',
      'CPF é obrigatório',
      'Número do cartão é obrigatório',
      'Validade é obrigatória',
      'CVV é obrigatório',
    ])
      await expect(page.getByText(text).first()).toBeVisible();
    await page.getByLabel('Nome completo').fill('Ana Souza');
    await page.getByLabel('E-mail').fill('ana@exemplo.com');
    await page.getByLabel('CPF').pressSequentially('52998224725');
    await page.getByLabel('Número do cartão').pressSequentially('4444444444444444');
    await page.getByLabel('Validade (MM/AA)').pressSequentially('1230');
    await page.getByLabel('CVV').fill('123');
    await page.getByLabel('Nome do titular (como no cartão)').fill('ana souza');
    for (const [label, value] of [
      ['CEP', '01310100'],
      ['Rua', 'Av. Paulista'],
      ['Número', '1000'],
      ['Bairro', 'Bela Vista'],
      ['Cidade', 'São Paulo'],
      ['UF', 'SP'],
    ] as const)
      await page.getByLabel(label, { exact: true }).fill(value);
    await expect(fieldErrors(page)).toHaveCount(0);
  });

  test('the purchase modal on /precos', async ({ page }) => {
    await gotoHydrated(page, '/precos?tipo=avulso');
    await page.getByRole('link', { name: /^Comprar 2\.000 curtidas/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Continuar para pagamento' }).click();
    await expect(fieldErrors(dialog)).not.toHaveCount(0);
    await dialog.getByLabel('Seu @ do Instagram').fill('@loja.da.ana');
    await dialog.getByLabel('Seu e-mail').fill('ana@exemplo.com');
    await dialog.getByLabel('Link da publicação').fill('https://www.instagram.com/p/Cx1abc/');
    await expect(fieldErrors(dialog)).toHaveCount(0);
  });

  test('signup, order lookup and sign-in', async ({ page }) => {
    await gotoHydrated(page, '/signup');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(fieldErrors(page)).not.toHaveCount(0);
    await page.getByLabel('Nome completo').fill('Joana Lima');
    await page.getByLabel('E-mail').fill('joana.limpa@exemplo.com');
    await page.getByLabel('Senha', { exact: true }).fill('segredo-forte-1');
    await page.getByLabel('Confirmar senha').fill('segredo-forte-1');
    await expect(fieldErrors(page)).toHaveCount(0);

    await gotoHydrated(page, '/login');
    await page.getByRole('button', { name: 'Consultar' }).click();
    await expect(page.getByRole('alert')).toHaveText('E-mail e código de compra são obrigatórios');
    await page.getByLabel('E-mail', { exact: true }).fill('ana@exemplo.com');
    await page.getByLabel('Código de compra').fill('ABCD-EFGH');
    await expect(page.getByRole('alert')).toHaveCount(0);

    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('alert')).not.toHaveCount(0);
    await page.getByLabel('E-mail da conta').fill('ana@exemplo.com');
    await page.getByLabel('Senha').fill('uma-senha-qualquer');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
