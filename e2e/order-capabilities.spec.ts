import { apiOrder, expect, gotoHydrated, test } from './fixtures';

// Issue 24 §2 (ADR 026): a stranger who has only /order/{id} (a screenshot, a forwarded link) sees the
// order but cannot switch its payment method; the buyer, typing the purchase code, can.

test('only /order/{id}: "Código de compra" is asked; a wrong code is refused, the right one pays', async ({
  browser,
  request,
}) => {
  const body = await apiOrder(request, {
    instagram: 'so.o.id',
    email: 'so.o.id@exemplo.com',
    paymentMethod: 'credit_card',
    card: { number: '5184019740373151', expiry: '12/30', cvv: '123', holderName: 'ANA SOUZA' },
  });
  const orderId = body.order?.id ?? body.orderId;
  expect(orderId).toBeTruthy();
  const view = await (await request.get(`/api/orders/${orderId}`)).json();
  const code: string = view.order.purchaseCode;

  // A fresh browser: no token in this tab, none in the link.
  const context = await browser.newContext();
  const page = await context.newPage();
  await gotoHydrated(page, `/order/${orderId}`);
  await expect(page.getByRole('heading', { name: 'Pagar agora' })).toBeVisible();
  await page.getByRole('button', { name: /^PIX/ }).click();
  const codeField = page.getByLabel('Código de compra');
  await expect(codeField).toBeVisible();

  await page.getByRole('button', { name: 'Gerar QR Code PIX' }).click();
  await expect(
    page.getByText('Para alterar este pedido, digite o código de compra que enviamos por e-mail.'),
  ).toBeVisible();
  await codeField.fill('ZZZZ-ZZZZ');
  await page.getByRole('button', { name: 'Gerar QR Code PIX' }).click();
  await expect(page.getByText('Código de compra incorreto.', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pague com PIX' })).toHaveCount(0);
  const still = await (await request.get(`/api/orders/${orderId}`)).json();
  expect(still.order.paymentMethod).toBe('credit_card');

  await codeField.fill(`${code.slice(0, 4)}-${code.slice(4)}`.toLowerCase());
  await page.getByRole('button', { name: 'Gerar QR Code PIX' }).click();
  await expect(page.getByRole('heading', { name: 'Pague com PIX' })).toBeVisible();
  const switched = await (await request.get(`/api/orders/${orderId}`)).json();
  expect(switched.order.paymentMethod).toBe('pix');
  await context.close();
});
