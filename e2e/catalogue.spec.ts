import { expect, gotoHydrated, signInOperator, test } from './fixtures';

// Issue 13: the owner changes a price in the panel; the buyer's pricing page and checkout show it at once.

test("the owner changes a package's price in the panel and the buyer's checkout shows it", async ({
  page,
}) => {
  await signInOperator(page);
  await gotoHydrated(page, '/admin/catalogo');
  const pack = page.getByRole('group', { name: '4.000 curtidas' });
  await expect(pack.getByLabel('Preço (R$)')).toHaveValue('139,90');
  // Its cost at the simulated panel (service 2, R$ 3,00 per 1.000, in BRL) and margin, from the server.
  await expect(page.getByTestId('cost-rule')).toContainText('o painel cobra em reais (BRL)');
  await expect(pack).toContainText(
    /Custo: R\$\s12,00 \(serviço 2, 3\.00 por 1\.000\) · Margem: R\$\s127,90 \(91,4\s%\)/,
  );

  await pack.getByLabel('Preço (R$)').fill('0');
  await pack.getByRole('button', { name: 'Salvar' }).click();
  await expect(pack.getByRole('alert')).toHaveText('Informe um valor a partir de R$ 0,01.');

  await pack.getByLabel('Preço (R$)').fill('129,90');
  await pack.getByRole('button', { name: 'Salvar' }).click();
  await expect(pack.getByRole('status')).toHaveText('Salvo.');
  await expect(page.getByText(/likes-4000: priceCents: 13990 → 12990/)).toBeVisible();

  await gotoHydrated(page, '/precos?tipo=avulso');
  await page.getByRole('link', { name: 'Comprar 4.000 curtidas por R$ 129,90' }).click();
  const dialog = page.getByRole('dialog', { name: '4.000 curtidas' });
  await dialog.getByLabel('Seu @ do Instagram').fill('@preco.novo');
  await dialog.getByLabel('Seu e-mail').fill('preco.novo@exemplo.com');
  await dialog.getByLabel('Link da publicação').fill('https://www.instagram.com/p/PRECO1/');
  await dialog.getByRole('button', { name: 'Continuar para pagamento' }).click();
  await expect(page).toHaveURL(/\/checkout\?type=likes&amount=4000/);
  await expect(page.getByTestId('order-total')).toHaveText('R$ 129,90');
});
