import { readFileSync } from 'node:fs';
import { apiOrder, expect, gotoHydrated, test } from './fixtures';

// DECISIONS 28, issue 12: "Reembolsar" in the panel asks the provider; the sandbox confirms at once.

test('a refund from the panel → Reembolsado', async ({ page, request }) => {
  const { order, payment } = await apiOrder(request, {
    instagram: 'reembolso.painel',
    email: 'reembolso.painel@exemplo.com',
  });
  expect((await request.post(`/api/sandbox/payments/${payment!.id}/confirm`)).status()).toBe(200);

  const password = readFileSync(process.env.E2E_SERVER_LOG!, 'utf8').match(
    /Senha inicial do administrador \S+: (\S+)/,
  )![1]!;
  await gotoHydrated(page, '/admin/login');
  await page.getByLabel('E-mail').fill('dona@impulso.example');
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await gotoHydrated(page, '/admin?period=all&q=reembolso.painel');

  const row = page.getByTestId(`order-${order.id}`);
  await row.getByRole('button', { name: 'Reembolsar' }).click();
  await page.getByLabel('Valor a reembolsar (R$)').fill('45,90');
  await page.getByLabel('Motivo').fill('Cliente desistiu');
  await page.getByRole('button', { name: 'Confirmar reembolso' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Reembolso pedido' })).toBeVisible();
  await expect(row.getByLabel('Status do pagamento')).toHaveValue('refunded');
  await expect(page.getByText(/R\$ 45,90 · Cliente desistiu · Reembolsado/)).toBeVisible();
});
