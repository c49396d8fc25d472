import { expect, gotoHydrated, signInOperator, test } from './fixtures';

// Issue 13: the owner creates a coupon in the panel; a buyer applies it at checkout step 2, the server
// prices it, and the order carries it.

test('a coupon created in the panel, applied at checkout, priced by the server, shown on the order', async ({
  page,
}) => {
  await signInOperator(page);
  await gotoHydrated(page, '/admin/cupons');
  await page.getByLabel('Código').fill('bemvinda10');
  await page.getByLabel('Desconto (%)').fill('10');
  await page.getByRole('button', { name: 'Criar cupom' }).click();
  await expect(page.getByText('BEMVINDA10', { exact: true })).toBeVisible();
  await expect(page.getByText(/10% de desconto · pacotes e planos/)).toBeVisible();

  await gotoHydrated(page, '/checkout?type=followers&amount=1000');
  await page.getByLabel('Seu @ do Instagram').fill('@cupom.e2e');
  await page.getByLabel('Seu WhatsApp').pressSequentially('11912345678');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: /^Cartão de débito/ }).click();
  await page.getByLabel('Nome completo').fill('Bia Cupom');
  await page.getByLabel('E-mail').fill('bia.cupom@exemplo.com');
  await page.getByLabel('CPF').pressSequentially('52998224725');

  await page.getByLabel('Cupom de desconto').fill('nao-existe');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByText('Cupom não encontrado. Confira o código.')).toBeVisible();
  await page.getByLabel('Cupom de desconto').fill('bemvinda10');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByText(/Cupom BEMVINDA10 aplicado: −R\$ 8,59/)).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText('R$ 77,31');

  await page.getByRole('button', { name: 'Finalizar Pagamento' }).click();
  await expect(page.getByRole('heading', { name: 'Cartão de débito' })).toBeVisible();
  await expect(page.getByText('Total R$ 77,31')).toBeVisible();
  await page.getByRole('button', { name: 'Pagar com débito (simulado)' }).click();
  await expect(page.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible();
  await page.getByRole('link', { name: 'Ver detalhes do pedido agora' }).click();
  await expect(page.getByText('Cupom BEMVINDA10')).toBeVisible();
  await expect(page.getByText('−R$ 8,59')).toBeVisible();
});
