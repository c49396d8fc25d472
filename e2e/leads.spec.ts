import { expect, gotoHydrated, signInOperator, test } from './fixtures';

// Issue 12: the purchase modal says why it keeps the @ and e-mail, stores them as a lead, and the panel
// lists the visitor who went no further among the abandoned checkouts, with a way to offer help.

test('a visitor who stops after the modal is listed in the panel with an e-mail link', async ({ page }) => {
  await gotoHydrated(page, '/precos?tipo=avulso');
  await page.getByRole('link', { name: 'Comprar 1.000 seguidores por R$ 85,90' }).click();
  const dialog = page.getByRole('dialog', { name: '1.000 seguidores' });
  await expect(dialog.getByText(/Guardamos seu @ e seu e-mail .* Apagamos em até 90 dias/)).toBeVisible();
  await dialog.getByLabel('Seu @ do Instagram').fill('@so.olhando');
  await dialog.getByLabel('Seu e-mail').fill('so.olhando@exemplo.com');
  await dialog.getByRole('button', { name: 'Continuar para pagamento' }).click();
  await expect(page).toHaveURL(/\/checkout\?type=followers&amount=1000$/);

  await signInOperator(page);
  await gotoHydrated(page, '/admin/pedidos');
  const item = page.getByRole('listitem').filter({ hasText: '@so.olhando' });
  await expect(item).toContainText('Não chegou ao pagamento · 1.000 seguidores');
  await expect(item.getByRole('link', { name: 'E-mail' })).toHaveAttribute(
    'href',
    /^mailto:so\.olhando@exemplo\.com\?subject=/,
  );
});
