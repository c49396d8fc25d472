import type { APIRequestContext } from '@playwright/test';
import { apiOrder, expect, gotoHydrated, signInOperator, test } from './fixtures';

// Delivery with no operator action (issue 11), through the built-in simulated panel: the server runs
// with SANDBOX_FULFILMENT_SECONDS=30 (playwright.config.ts).

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
  test('buy by PIX, pay, and watch the order go Processando → Em transporte → Concluído', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await gotoHydrated(page, '/checkout?type=followers&amount=200');
    await page.getByLabel('Seu @ do Instagram').fill('@entrega.ao.vivo');
    await page.getByLabel('Seu WhatsApp').pressSequentially('11912345678');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('button', { name: /^PIX/ }).click();
    await page.getByLabel('Nome completo').fill('Ana Souza');
    await page.getByLabel('E-mail').fill('ana.aovivo@exemplo.com');
    await page.getByLabel('CPF').pressSequentially('52998224725');
    await page.getByRole('button', { name: 'Gerar QR Code PIX' }).click();
    const orderHref = await page.getByRole('link', { name: 'Ver detalhes do pedido' }).getAttribute('href');
    await page.getByRole('button', { name: 'Simular pagamento' }).click();
    await expect(page).toHaveURL(/\/success\?order_id=/);

    await gotoHydrated(page, orderHref!);
    const status = page.locator('dt', { hasText: 'Status do pedido' }).locator('xpath=following-sibling::dd');
    await expect(status).toHaveText('Processando');
    const delivery = page.getByTestId('delivery-followers');
    await expect(delivery).toContainText('200 seguidores');
    await expect(status).toHaveText('Em transporte', { timeout: 30_000 });
    await expect(delivery).toContainText(/\d+ de 200 entregues/);
    await expect(status).toHaveText('Concluído', { timeout: 45_000 });
    await expect(delivery).toContainText('Entregue');
    await expect(page.getByRole('button', { name: 'Solicitar reposição' })).toBeVisible();
    await page.getByRole('button', { name: 'Solicitar reposição' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Reposição solicitada' })).toBeVisible();
    await expect(delivery).toContainText(/Reposição (pendente|em andamento)/);
  });

  // Issue 26: a paid Simples month delivers its four components through the simulated panel, and the
  // order page lists each of them.
  test('a Simples plan paid in the sandbox shows its four components working', async ({ page, request }) => {
    const { order, payment, orderToken } = await apiOrder(request, {
      item: { type: 'recurring', plan: 'simples' },
      instagram: 'plano.completo',
      email: 'ana.plano@exemplo.com',
    });
    expect((await request.post(`/api/sandbox/payments/${payment!.id}/confirm`)).status()).toBe(200);
    await gotoHydrated(page, `/order/${order.id}#acesso=${orderToken}`);
    await expect(page.getByRole('heading', { name: 'Seu plano neste mês' })).toBeVisible();
    const line = (key: string) => page.getByTestId(`plan-${key}`);
    await expect(line('followers')).toContainText(/Seguidores do mês\s*\d+ de 1\.110 entregues/);
    await expect(async () => {
      await page.reload();
      await expect(line('likes_per_post')).toContainText(
        /40 curtidas por publicação\s*Curtidas automáticas ativas até \d\d\/\d\d/,
        { timeout: 1000 },
      );
    }).toPass({ timeout: 20_000 });
    await expect(line('story_views')).toContainText(
      /35 visualizações de story\s*Visualizações de story automáticas ativas até \d\d\/\d\d/,
    );
    await expect(line('video_views')).toContainText(
      /150 visualizações de vídeo\s*Visualizações de vídeo automáticas ativas até \d\d\/\d\d/,
    );
  });

  test('a profile the panel cannot find: the buyer corrects the @ on the order page', async ({
    page,
    request,
  }) => {
    const { page: orderPage } = await paidOrder(request, 'link_invalido');
    await gotoHydrated(page, orderPage);
    const delivery = page.getByTestId('delivery-followers');
    await expect(delivery).toContainText('Link inválido', { timeout: 15_000 });
    await page.getByLabel('Novo @ do perfil').fill('perfil com espaço');
    await page.getByRole('button', { name: 'Enviar novo link' }).click();
    await expect(page.getByText('Informe um @instagram válido (ex.: @meu.perfil)')).toBeVisible();
    await page.getByLabel('Novo @ do perfil').fill('@perfil.correto');
    await page.getByRole('button', { name: 'Enviar novo link' }).click();
    await expect(delivery).not.toContainText('Link inválido');
    await expect(delivery).toContainText(/Em preparação|Na fila de entrega|Em transporte/);
  });

  test("the operator resolves an 'a conferir' delivery in the panel", async ({ page, request }) => {
    const { orderId } = await paidOrder(request, 'sem_resposta');
    await signInOperator(page);
    const item = page.locator('li', { hasText: 'https://www.instagram.com/sem_resposta/' });
    await expect(async () => {
      await page.reload();
      await expect(item.getByText('A conferir')).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await item.getByLabel('Nº do pedido no fornecedor').fill('4242');
    await item.getByRole('button', { name: 'Vincular' }).click();
    await expect(item).toHaveCount(0);

    await gotoHydrated(page, `/order/${orderId}`);
    const status = page.locator('dt', { hasText: 'Status do pedido' }).locator('xpath=following-sibling::dd');
    await expect(status).toHaveText('Concluído', { timeout: 20_000 });
  });
});
