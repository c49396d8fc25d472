import { expect, gotoHydrated, holdOrderToken, test } from './fixtures';

async function createPixOrder(request: import('@playwright/test').APIRequestContext) {
  const response = await request.post('/api/orders', {
    headers: { 'idempotency-key': crypto.randomUUID() },
    data: {
      item: { type: 'likes', amount: 500 },
      instagram: 'loja.da.ana',
      postLink: 'https://www.instagram.com/p/Cx1abc/',
      whatsapp: '11912345678',
      addOns: ['views'],
      addOnLinks: {},
      name: 'Ana Souza',
      email: 'ana@exemplo.com',
      cpf: '52998224725',
      paymentMethod: 'pix',
      installments: 1,
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { order: { id: string; purchaseCode: string }; orderToken: string };
}

test.describe('after purchase', () => {
  test('/obrigado shows code, e-mail, total, service, add-ons, next steps, help and a retry link', async ({
    page,
    request,
  }) => {
    const { order, orderToken } = await createPixOrder(request);
    // The tab that placed the order (ADR 041: the id alone shows no code).
    await holdOrderToken(page, order.id, orderToken);
    await page.goto(`/obrigado?pedido_id=${order.id}`);
    await expect(page.getByRole('heading', { name: 'Obrigado pela compra!' })).toBeVisible();
    for (const text of [
      order.purchaseCode,
      'a***@exemplo.com',
      '500 curtidas',
      '150 visualizações',
      'R$ 29,90',
    ]) {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Próximos passos' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Falar com o suporte no WhatsApp' })).toBeVisible();
    // The order page with the tab's proof, so paying again needs no code.
    await expect(page.getByRole('link', { name: 'Tentar o pagamento novamente' })).toHaveAttribute(
      'href',
      new RegExp(`^/order/${order.id}#acesso=`),
    );
  });

  test('/success without an order id counts down to /dashboard (the spec)', async ({ page }) => {
    await page.clock.install();
    await gotoHydrated(page, '/success');
    await expect(page.getByRole('heading', { name: 'Pagamento concluído!' })).toBeVisible();
    await expect(page.getByText('Redirecionando em 10 s…')).toBeVisible();
    await page.clock.runFor(11_000);
    await expect(page).toHaveURL(/\/(dashboard|login)$/);
  });

  test('/obrigado without an id says so', async ({ page }) => {
    await page.goto('/obrigado');
    await expect(page.getByRole('alert')).toContainText('Session ID ou Pedido ID não encontrado na URL');
  });

  test('/cancelado lists reasons, methods and FAQ; no PIX discount is promised while none is set', async ({
    page,
  }) => {
    await page.goto('/cancelado');
    await expect(page.getByRole('heading', { name: 'Compra não concluída' })).toBeVisible();
    // The discount it names is the one set in the panel (src/web/features/after-purchase/cancelled-page.test.tsx).
    await expect(page.getByText(/de desconto/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Posso tentar de novo?' })).toBeVisible();
  });

  test('/order/{id} of an unpaid PIX order offers the PIX code again', async ({ page, request }) => {
    const { order, orderToken } = await createPixOrder(request);
    await page.goto(`/order/${order.id}#acesso=${orderToken}`);
    await expect(page.getByText('Pendente', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pague com PIX' })).toBeVisible();
  });
});
