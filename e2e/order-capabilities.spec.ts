import { apiOrder, expect, gotoHydrated, test } from './fixtures';

// Issue 24 §2 (ADR 026) and issue 42 (ADR 041): a stranger who has only /order/{id} (a screenshot, a
// forwarded link) sees the order's status and amounts, not its purchase code nor its PIX, and cannot change
// it; the buyer, typing the purchase code once, sees and changes everything.

test('only /order/{id}: no code shown; a wrong code is refused, the right one opens the order to pay', async ({
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
  // The buyer's code, as the checkout's tab sees it (the declined answer carries its token).
  const proved = await request.get(`/api/orders/${orderId}`, {
    headers: { 'x-order-token': body.orderToken },
  });
  const code: string = (await proved.json()).order.purchaseCode;
  expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  // What the id alone gets from the API carries no code to replay.
  const view = await (await request.get(`/api/orders/${orderId}`)).json();
  expect(view.order.purchaseCode).toBeNull();

  // A fresh browser: no token in this tab, none in the link.
  const context = await browser.newContext();
  const page = await context.newPage();
  await gotoHydrated(page, `/order/${orderId}`);
  await expect(page.getByRole('heading', { name: 'Este pedido é seu?' })).toBeVisible();
  await expect(page.getByText(code)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Pagar agora' })).toHaveCount(0);
  const codeField = page.getByLabel('Código de compra');

  await page.getByRole('button', { name: 'Ver pedido completo' }).click();
  await expect(page.getByText('Digite o código de compra que enviamos por e-mail.')).toBeVisible();
  await codeField.fill('ZZZZ-ZZZZ');
  await page.getByRole('button', { name: 'Ver pedido completo' }).click();
  await expect(page.getByText('Código de compra incorreto.', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pagar agora' })).toHaveCount(0);

  await codeField.fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Ver pedido completo' }).click();
  await expect(page.getByRole('heading', { name: 'Este pedido é seu?' })).toHaveCount(0);
  await expect(page.getByText(code, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pagar agora' })).toBeVisible();
  await page.getByRole('button', { name: /^PIX/ }).click();
  // The tab holds the proof now: no code asked again.
  await expect(page.getByLabel('Código de compra')).toHaveCount(0);
  await page.getByRole('button', { name: 'Gerar QR Code PIX' }).click();
  await expect(page.getByRole('heading', { name: 'Pague com PIX' })).toBeVisible();
  const switched = await (await request.get(`/api/orders/${orderId}`)).json();
  expect(switched.order.paymentMethod).toBe('pix');
  await context.close();
});

test('/success and /obrigado opened from the id alone show no code and send none to analytics', async ({
  browser,
  request,
}) => {
  const { order, payment } = await apiOrder(request, { email: 'sem.codigo@exemplo.com' });
  expect((await request.post(`/api/sandbox/payments/${payment!.id}/confirm`)).status()).toBe(200);
  const context = await browser.newContext();
  const page = await context.newPage();
  // Cookies accepted, so the page pushes its purchase event.
  await page.addInitScript(() => window.localStorage.setItem('cookieConsent', 'accepted'));
  await gotoHydrated(page, `/success?order_id=${order.id}`);
  await expect(page.getByRole('heading', { name: /Pagamento confirmado/i })).toBeVisible();
  const pushed = await page.evaluate(() =>
    ((window as unknown as { dataLayer?: Array<Record<string, unknown>> }).dataLayer ?? []).find(
      (e) => e.event === 'purchase',
    ),
  );
  expect(pushed?.transaction_id).toEqual(expect.any(String));
  expect(pushed?.transaction_id).not.toContain(order.purchaseCode.replace('-', ''));
  expect(pushed?.transaction_id).not.toBe(order.purchaseCode);
  await expect(page.getByText(order.purchaseCode)).toHaveCount(0);
  await gotoHydrated(page, `/obrigado?pedido_id=${order.id}`);
  await expect(page.getByRole('heading', { name: 'Obrigado pela compra!' })).toBeVisible();
  await expect(page.getByText('R$ 45,90', { exact: true })).toBeVisible();
  await expect(page.getByText(order.purchaseCode)).toHaveCount(0);
  await context.close();
});
