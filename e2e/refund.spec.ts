import { apiOrder, expect, gotoHydrated, signInOperator, test } from './fixtures';

// docs/product.md#refunds, issue 12: "Reembolsar" in the panel asks the provider; the sandbox confirms at
// once.

test('a refund from the panel → Reembolsado', async ({ page, request }) => {
  const { order, payment } = await apiOrder(request, {
    instagram: 'reembolso.painel',
    email: 'reembolso.painel@exemplo.com',
  });
  expect((await request.post(`/api/sandbox/payments/${payment!.id}/confirm`)).status()).toBe(200);

  await signInOperator(page);
  await gotoHydrated(page, '/admin/pedidos?period=all&q=reembolso.painel');

  const row = page.getByTestId(`order-${order.id}`);
  await row.getByRole('button', { name: 'Reembolsar' }).click();
  await page.getByLabel('Valor a reembolsar (R$)').fill('45,90');
  await page.getByLabel('Motivo').fill('Cliente desistiu');
  await page.getByRole('button', { name: 'Confirmar reembolso' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Reembolso pedido' })).toBeVisible();
  await expect(row.getByLabel('Status do pagamento')).toHaveValue('refunded');
  await expect(page.getByText(/R\$ 45,90 · Cliente desistiu · Reembolsado/)).toBeVisible();
});
