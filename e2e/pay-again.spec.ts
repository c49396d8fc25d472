import { apiOrder, expect, gotoHydrated, test } from './fixtures';

// Issue 12: a pending order (here a declined card) is paid again from its page, by PIX.

test('a declined card → "Pagar agora" by PIX on /order/{id} → paid', async ({ page, request }) => {
  const body = await apiOrder(request, {
    instagram: 'paga.de.novo',
    email: 'paga.de.novo@exemplo.com',
    paymentMethod: 'credit_card',
    card: { number: '5184019740373151', expiry: '12/30', cvv: '123', holderName: 'ANA SOUZA' },
  });
  // A declined card answers with the order's id beside the error.
  const orderId = body.order?.id ?? body.orderId;
  expect(orderId).toBeTruthy();

  // The create answer's token, as the checkout passes it (ADR 026).
  await gotoHydrated(page, `/order/${orderId}#acesso=${body.orderToken}`);
  await expect(page).toHaveURL(new RegExp(`/order/${orderId}$`)); // wiped from the address bar
  await expect(page.getByRole('heading', { name: 'Pagar agora' })).toBeVisible();
  await page.getByRole('button', { name: /^PIX/ }).click();
  await page.getByRole('button', { name: 'Gerar QR Code PIX' }).click();
  await expect(page.getByRole('heading', { name: 'Pague com PIX' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pagar agora' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Simular pagamento' }).click();
  await expect(page).toHaveURL(/\/success\?order_id=/);
  await expect(page.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible();
});
