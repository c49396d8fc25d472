import { apiOrder, emailedLink, expect, gotoHydrated, signInOperator, test } from './fixtures';

// Issue 13, LGPD for a guest buyer: the operator sends a confirmation link from the panel; the buyer who
// follows it has the data erased; the order keeps its amount and loses the buyer's name.

test('the operator asks, the guest buyer confirms by the e-mailed link, the data is erased', async ({
  page,
  request,
}) => {
  const email = `convidado-${Date.now()}@exemplo.com`;
  const { order } = await apiOrder(request, { email, name: 'Gustavo Convidado', instagram: 'gustavo.conv' });

  await signInOperator(page);
  await gotoHydrated(page, '/admin/configuracoes');
  await page.getByLabel('E-mail do comprador').fill(email);
  await page.getByLabel('Pedido', { exact: true }).selectOption('erase');
  await page.getByRole('button', { name: 'Enviar link de confirmação' }).click();
  await expect(page.getByText(`Enviamos o link de confirmação para ${email}.`)).toBeVisible();
  await expect(page.getByText(/Exclusão dos dados · .* · aguardando confirmação/)).toBeVisible();

  await gotoHydrated(page, await emailedLink(email, '/meus-dados/confirmar'));
  await expect(page.getByText(/Excluir os dados pessoais ligados a c\*\*\*@exemplo\.com/)).toBeVisible();
  await page.getByRole('button', { name: 'Excluir meus dados' }).click();
  await expect(page.getByText('Seus dados pessoais foram excluídos.')).toBeVisible();

  const after = await (await request.get(`/api/orders/${order.id}`)).json();
  expect(after.order).toMatchObject({ firstName: 'Titular', totalCents: 4590, instagram: 'anonimizado' });
});
