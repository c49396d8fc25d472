import { apiOrder, expect, test } from './fixtures';

// Issue 12: /success says "Pagamento confirmado!" only for a paid order, and keeps asking our server.

test('/success of an unpaid order waits, then confirms once the payment arrives', async ({
  page,
  request,
}) => {
  const { order, payment } = await apiOrder(request, {
    item: { type: 'likes', amount: 500 },
    instagram: 'pagina.honesta',
    postLink: 'https://www.instagram.com/p/HONESTA/',
    email: 'honesta@exemplo.com',
  });
  await page.goto(`/success?order_id=${order.id}`);
  await expect(page.getByRole('heading', { name: 'Aguardando pagamento' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pagamento confirmado!' })).toHaveCount(0);
  await expect(page.getByText(/Redirecionando/)).toHaveCount(0);

  expect((await request.post(`/api/sandbox/payments/${payment!.id}/confirm`)).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText(/Redirecionando em \d+ s/)).toBeVisible();
});
