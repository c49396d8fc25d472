import { expect, gotoHydrated, test } from './fixtures';

test.describe('/precos', () => {
  test('first asks one-time or monthly, and the back link returns to the choice', async ({ page }) => {
    await gotoHydrated(page, '/precos');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Escolha como quer crescer');
    await page.getByRole('link', { name: /Compra única/ }).click();
    await expect(page).toHaveURL(/\/precos\?tipo=avulso$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Seguidores' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Curtidas' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Visualizações' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Comprar/ })).toHaveCount(16);
    await expect(page.getByRole('link', { name: 'Comprar 1.000 seguidores por R$ 85,90' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Compra segura' })).toBeVisible();
    await expect(page.getByText('Disponibilidade limitada')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Termos de Uso' }).first()).toHaveAttribute(
      'href',
      '/termos',
    );
    await expect(page.getByRole('link', { name: 'Aviso Legal' }).first()).toHaveAttribute(
      'href',
      '/disclaimer',
    );

    await page.getByRole('link', { name: '← Voltar à escolha' }).click();
    await expect(page).toHaveURL(/\/precos$/);
    await page.getByRole('link', { name: /Plano mensal/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Planos mensais' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Assinar Avançado' })).toHaveAttribute(
      'href',
      '/checkout?type=recurring&plan=avancado',
    );
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Escolha como quer crescer');
  });

  test('the modal validates with the spec texts, then goes to checkout with the right query', async ({
    page,
  }) => {
    const events: string[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/events')) events.push(req.postDataJSON().etapa);
    });
    await gotoHydrated(page, '/precos?tipo=avulso');
    await page.getByRole('link', { name: 'Comprar 2.000 curtidas por R$ 75,90' }).click();
    const dialog = page.getByRole('dialog', { name: '2.000 curtidas' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Seu @ do Instagram')).toBeVisible();

    await dialog.getByRole('button', { name: 'Continuar para pagamento' }).click();
    await expect(dialog.getByText('Informe um @instagram válido (ex.: @meu.perfil)')).toBeVisible();
    await expect(dialog.getByText('Por favor, preencha seu email')).toBeVisible();
    await expect(dialog.getByText('Informe o link da publicação')).toBeVisible();
    await expect(dialog.getByLabel('Seu @ do Instagram')).toBeFocused();

    await dialog.getByLabel('Seu @ do Instagram').fill('@meu perfil');
    await dialog.getByLabel('Seu e-mail').fill('ana@exemplo');
    await dialog.getByRole('button', { name: 'Continuar para pagamento' }).click();
    await expect(dialog.getByText('Informe um @instagram válido (ex.: @meu.perfil)')).toBeVisible();
    await expect(dialog.getByText('Por favor, informe um email válido')).toBeVisible();

    await dialog.getByLabel('Seu @ do Instagram').fill('@ana.doces');
    await dialog.getByLabel('Seu e-mail').fill('Ana@Exemplo.com');
    await dialog.getByLabel('Link da publicação').fill('https://www.instagram.com/p/Cx1abc/');
    await dialog.getByRole('button', { name: 'Continuar para pagamento' }).click();

    await expect(page).toHaveURL(/\/checkout\?type=likes&amount=2000$/);
    await expect(page.getByTestId('order-total')).toHaveText('R$ 75,90');
    await expect(page.getByLabel('Seu @ do Instagram')).toHaveValue('ana.doces');
    await expect(page.getByLabel('Link da publicação', { exact: true })).toHaveValue(
      'https://www.instagram.com/p/Cx1abc/',
    );
    expect(await page.evaluate(() => localStorage.getItem('ig_handle'))).toBe('ana.doces');
    expect(await page.evaluate(() => localStorage.getItem('post_link'))).toBe(
      'https://www.instagram.com/p/Cx1abc/',
    );
    await expect
      .poll(() => events)
      .toEqual(expect.arrayContaining(['botao_compra', 'lead_captured_before_checkout']));
  });

  test('followers need no post link; Esc closes the modal', async ({ page }) => {
    await gotoHydrated(page, '/precos?tipo=avulso');
    await page.getByRole('link', { name: 'Comprar 1.000 seguidores por R$ 85,90' }).click();
    const dialog = page.getByRole('dialog', { name: '1.000 seguidores' });
    await expect(dialog.getByLabel('Seu @ do Instagram')).toBeVisible();
    await expect(dialog.getByLabel('Link da publicação')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('link', { name: 'Comprar 1.000 seguidores por R$ 85,90' }).click();
    await dialog.getByLabel('Seu @ do Instagram').fill('loja_da_ana');
    await dialog.getByLabel('Seu e-mail').fill('ana@exemplo.com');
    await dialog.getByLabel('Seu e-mail').press('Enter');
    await expect(page).toHaveURL(/\/checkout\?type=followers&amount=1000$/);
  });

  test('a package the operator switched off says so instead of opening the modal', async ({ page }) => {
    await gotoHydrated(page, '/precos?tipo=avulso');
    await page.getByRole('link', { name: 'Comprar 4.000 visualizações por R$ 40,90' }).click();
    await expect(page.getByRole('alert')).toHaveText('Produto indisponível no momento.');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('an unknown package on /checkout shows a clear error with a link to /precos', async ({ page }) => {
    await page.goto('/checkout?type=followers&amount=999');
    await expect(page.getByRole('alert')).toContainText('Pacote não encontrado');
    await page.getByRole('link', { name: 'Ver pacotes e preços' }).click();
    await expect(page).toHaveURL(/\/precos$/);
  });
});
