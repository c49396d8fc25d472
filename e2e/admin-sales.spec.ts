import { apiOrder, expect, gotoHydrated, signInOperator, test } from './fixtures';

// Issue 13: the sales chart above the cards; screen readers get its figures as a table.

test('the panel charts revenue and paid orders per day, readable as a table', async ({ page, request }) => {
  const { payment } = await apiOrder(request, { email: 'grafico@exemplo.com', instagram: 'grafico.e2e' });
  expect((await request.post(`/api/sandbox/payments/${payment!.id}/confirm`)).status()).toBe(200);
  await signInOperator(page);
  await gotoHydrated(page, '/admin/vendas?period=7d');
  await expect(page.getByRole('heading', { name: 'Vendas por dia' })).toBeVisible();
  const table = page.getByRole('table', { name: /Vendas por dia do período/ });
  await expect(table.getByRole('row')).toHaveCount(8); // header + 7 days
  const today = new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
  }).format(new Date());
  const row = table.getByRole('row', { name: new RegExp(`^${today}`) });
  await expect(row.getByRole('cell').nth(1)).not.toHaveText('0');
});
