import { expect, gotoHydrated, test } from './fixtures';

// DECISIONS 27, issue 12: the server runs with PIX_EXPIRY_MINUTES=1 (playwright.config.ts).

test('an unpaid PIX shows the time left, then the order is cancelled and its QR is gone', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const created = await request.post('/api/orders', {
    headers: { 'idempotency-key': crypto.randomUUID() },
    data: {
      item: { type: 'views', amount: 1000 },
      instagram: 'pix.expira',
      postLink: 'https://www.instagram.com/reel/EXPIRA1/',
      whatsapp: '11912345678',
      addOns: [],
      addOnLinks: {},
      name: 'Ana Souza',
      email: 'pix.expira@exemplo.com',
      cpf: '52998224725',
      paymentMethod: 'pix',
      installments: 1,
    },
  });
  expect(created.status()).toBe(201);
  const { order } = await created.json();
  await gotoHydrated(page, `/order/${order.id}`);
  await expect(page.getByRole('img', { name: 'QR Code PIX para pagamento' })).toBeVisible();
  await expect(page.getByText('Expira em 1 min.')).toBeVisible();

  const status = page.locator('dt', { hasText: 'Status do pedido' }).locator('xpath=following-sibling::dd');
  await expect(async () => {
    await page.reload();
    await expect(status).toHaveText('Cancelado', { timeout: 1000 });
  }).toPass({ timeout: 90_000, intervals: [3000] });
  await expect(page.getByRole('img', { name: 'QR Code PIX para pagamento' })).toHaveCount(0);
  await expect(page.getByLabel('PIX copia e cola')).toHaveCount(0);
});
