import { apiOrder, expect, gotoHydrated, test } from './fixtures';

// docs/product.md#pix, issue 12: the server runs with PIX_EXPIRY_MINUTES=1 (e2e/server-env.ts). The test
// reads the countdown, then brings the deadline to now through the sandbox instead of waiting the minute:
// the expiry poller and job then run as they would at the deadline.

test('an unpaid PIX shows the time left, then the order is cancelled and its QR is gone', async ({
  page,
  request,
}) => {
  const { order, payment, orderToken } = await apiOrder(request, {
    item: { type: 'views', amount: 1000 },
    instagram: 'pix.expira',
    postLink: 'https://www.instagram.com/reel/EXPIRA1/',
    email: 'pix.expira@exemplo.com',
  });
  await gotoHydrated(page, `/order/${order.id}#acesso=${orderToken}`);
  await expect(page.getByRole('img', { name: 'QR Code PIX para pagamento' })).toBeVisible();
  await expect(page.getByText('Expira em 1 min.')).toBeVisible();
  // Bringing the deadline forward is a write on the order: its proof (issue 42 §3).
  const moved = await request.post(`/api/sandbox/payments/${payment!.id}/deadline`, {
    headers: { 'x-order-token': orderToken },
  });
  expect(moved.status()).toBe(200);

  const status = page.locator('dt', { hasText: 'Status do pedido' }).locator('xpath=following-sibling::dd');
  await expect(async () => {
    await page.reload();
    await expect(status).toHaveText('Cancelado', { timeout: 1000 });
  }).toPass({ timeout: 20_000, intervals: [500, 1000] });
  await expect(page.getByRole('img', { name: 'QR Code PIX para pagamento' })).toHaveCount(0);
  await expect(page.getByLabel('PIX copia e cola')).toHaveCount(0);
});
