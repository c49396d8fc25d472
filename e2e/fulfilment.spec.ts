import type { APIRequestContext } from '@playwright/test';
import {
  apiOrder,
  buyByPixAndPay,
  emailedLink,
  expect,
  gotoHydrated,
  signInOperator,
  test,
  untilPolled,
} from './fixtures';

// Delivery with no operator action (issue 11), through the built-in simulated panel: the server runs
// with SANDBOX_FULFILMENT_SECONDS=30 (e2e/server-env.ts), and the sandbox finishes a delivery on demand.

/**
 * A paid order made through the API (the checkout itself is covered in checkout.spec.ts), and its page
 * with the create answer's token (ADR 026).
 */
async function paidOrder(request: APIRequestContext, instagram: string) {
  const { order, payment, orderToken } = await apiOrder(request, {
    instagram,
    email: 'ana.entrega@exemplo.com',
  });
  expect((await request.post(`/api/sandbox/payments/${payment!.id}/confirm`)).status()).toBe(200);
  return { orderId: order.id, page: `/order/${order.id}#acesso=${orderToken}` };
}

test.describe('delivery', () => {
  test('buy by PIX, pay, and watch the order go Processando → Em entrega → Concluído', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const orderHref = await buyByPixAndPay(page, '/checkout?type=followers&amount=200', {
      instagram: '@entrega.ao.vivo',
      email: 'ana.aovivo@exemplo.com',
    });
    // The page's clock is the test's: its looks at the order come when the test moves it (untilPolled).
    await page.clock.install();
    await gotoHydrated(page, orderHref);
    const status = page.locator('dt', { hasText: 'Status do pedido' }).locator('xpath=following-sibling::dd');
    await expect(status).toHaveText('Processando');
    const delivery = page.getByTestId('delivery-followers');
    await expect(delivery).toContainText('200 seguidores');
    await untilPolled(page, () => expect(status).toHaveText('Em entrega', { timeout: 1_000 }));
    await expect(delivery).toContainText(/\d+ de 200 entregues/);
    // The rest of the simulated 30 s, not waited out: delivered now (docs/fulfilment.md).
    // With the order's proof, the token of the link the checkout gave (issue 42 §3).
    const link = new URL(orderHref, 'http://shop');
    const orderId = link.pathname.split('/').pop();
    const token = new URLSearchParams(link.hash.slice(1)).get('acesso')!;
    const delivered = await request.post(`/api/sandbox/orders/${orderId}/deliver`, {
      headers: { 'x-order-token': token },
    });
    expect(await delivered.json()).toEqual({ delivered: 1 });
    await untilPolled(page, () => expect(status).toHaveText('Concluído', { timeout: 1_000 }));
    await expect(delivery).toContainText('Entregue');
    await expect(page.getByRole('button', { name: 'Solicitar reposição' })).toBeVisible();
    await page.getByRole('button', { name: 'Solicitar reposição' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Reposição solicitada' })).toBeVisible();
    await expect(delivery).toContainText(/Reposição (pendente|em andamento)/);
  });

  test('a profile the panel cannot find: the buyer corrects the @ on the order page', async ({
    page,
    request,
  }) => {
    const { page: orderPage } = await paidOrder(request, 'link_invalido');
    await page.clock.install();
    await gotoHydrated(page, orderPage);
    const delivery = page.getByTestId('delivery-followers');
    await untilPolled(page, () => expect(delivery).toContainText('Link inválido', { timeout: 1_000 }));
    await page.getByLabel('Novo @ do perfil').fill('perfil com espaço');
    await page.getByRole('button', { name: 'Enviar novo link' }).click();
    await expect(page.getByText('Informe um @instagram válido (ex.: @meu.perfil)')).toBeVisible();
    await page.getByLabel('Novo @ do perfil').fill('@perfil.correto');
    await page.getByRole('button', { name: 'Enviar novo link' }).click();
    await expect(delivery).not.toContainText('Link inválido');
    await expect(delivery).toContainText(/Em preparação|Na fila de entrega|Em entrega/);
  });

  test("the operator resolves an 'a conferir' delivery in the panel", async ({ page, request }) => {
    const { orderId } = await paidOrder(request, 'sem_resposta');
    await signInOperator(page);
    await gotoHydrated(page, '/admin/entregas');
    const item = page.locator('li', { hasText: 'https://www.instagram.com/sem_resposta/' });
    await expect(async () => {
      await page.reload();
      await expect(item.getByText('A conferir')).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await item.getByLabel('Nº do pedido no fornecedor').fill('4242');
    await item.getByRole('button', { name: 'Vincular' }).click();
    await expect(item).toHaveCount(0);

    await page.clock.install();
    await gotoHydrated(page, `/order/${orderId}`);
    const status = page.locator('dt', { hasText: 'Status do pedido' }).locator('xpath=following-sibling::dd');
    await untilPolled(page, () => expect(status).toHaveText('Concluído', { timeout: 1_000 }));
  });
});

test('the signed-in, verified owner reads their own e-mail and asks for a refill without the code', async ({
  page,
}) => {
  test.slow(); // sign-up, confirmation, purchase and delivery in one journey
  const email = `dono-${Date.now()}@exemplo.com`;
  // page.request shares the page's cookies: the session it gets is the page's.
  const signup = await page.request.post('/api/auth/signup', {
    data: { name: 'Davi Dono', email, password: 'segredo123', confirmPassword: 'segredo123' },
  });
  expect(signup.status()).toBe(201);
  await page.goto(await emailedLink(email, '/verificar-email'));
  // Opened where it was signed up for: confirmed, still signed in.
  await expect(page.getByRole('status')).toHaveText('E-mail confirmado!');

  const { order, payment, orderToken } = await apiOrder(page.request, { email, instagram: 'davi.dono' });
  expect((await page.request.post(`/api/sandbox/payments/${payment!.id}/confirm`)).status()).toBe(200);

  // The bare link, no token in this tab: the session proves the order.
  await page.clock.install();
  await gotoHydrated(page, `/order/${order.id}`);
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  await expect(page.getByText('(11) 9 1234-5678', { exact: true })).toBeVisible();
  const status = page.locator('dt', { hasText: 'Status do pedido' }).locator('xpath=following-sibling::dd');
  await untilPolled(page, () => expect(status).toHaveText('Em entrega', { timeout: 1_000 }));
  const delivered = await page.request.post(`/api/sandbox/orders/${order.id}/deliver`, {
    headers: { 'x-order-token': orderToken },
  });
  expect(await delivered.json()).toEqual({ delivered: 1 });
  await untilPolled(page, () => expect(status).toHaveText('Concluído', { timeout: 1_000 }));
  const refill = page.getByRole('button', { name: 'Solicitar reposição' });
  await expect(refill).toBeVisible();
  await expect(page.getByLabel('Código de compra')).toHaveCount(0);
  await refill.click();
  await expect(page.getByRole('status').filter({ hasText: 'Reposição solicitada' })).toBeVisible();
  await expect(page.getByLabel('Código de compra')).toHaveCount(0);
});
