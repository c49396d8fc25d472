import type { Page } from '@playwright/test';
import { expect, gotoHydrated, test } from './fixtures';

async function fillStepOne(page: Page, options: { postLink?: boolean } = {}) {
  await page.getByLabel('Seu @ do Instagram').fill('@loja.da.ana');
  if (options.postLink)
    await page.getByLabel('Link da publicação', { exact: true }).fill('https://www.instagram.com/p/Cx1abc/');
  await page.getByLabel('Seu WhatsApp').pressSequentially('11912345678');
  await expect(page.getByLabel('Seu WhatsApp')).toHaveValue('(11) 9 1234-5678');
}

async function fillPayer(page: Page, options: { cpf?: boolean } = {}) {
  await page.getByLabel('Nome completo').fill('Ana Souza');
  await page.getByLabel('E-mail').fill('ana@exemplo.com');
  if (options.cpf === false) return;
  await page.getByLabel('CPF').pressSequentially('52998224725');
  await expect(page.getByLabel('CPF')).toHaveValue('529.982.247-25');
}

/** Likes as an add-on go to a post the buyer names (issue 45 §4). */
async function addLikes(page: Page, label: string | RegExp) {
  await page.getByLabel(label).check();
  await page.getByLabel('Link da publicação para as curtidas').fill('https://www.instagram.com/p/Cx1curt/');
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Número do cartão').pressSequentially(number);
  await page.getByLabel('Validade (MM/AA)').pressSequentially('1230');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Nome do titular (como no cartão)').fill('ana souza');
  await expect(page.getByLabel('Nome do titular (como no cartão)')).toHaveValue('ANA SOUZA');
}

test.describe('checkout', () => {
  test('followers 1000 + likes add-on by PIX → Simular pagamento → /success → /order shows the PIX received', async ({
    page,
  }) => {
    await gotoHydrated(page, '/checkout?type=followers&amount=1000&price=1');
    await expect(page.getByTestId('order-total')).toHaveText('R$ 85,90');
    await fillStepOne(page);
    await addLikes(page, '+ 300 curtidas por R$ 24,00');
    await expect(page.getByTestId('order-total')).toHaveText('R$ 109,90');
    await page.getByRole('button', { name: 'Continuar' }).click();

    await page.getByRole('button', { name: /^PIX/ }).click();
    await fillPayer(page);
    await page.getByRole('button', { name: 'Gerar QR Code PIX' }).click();

    await expect(page.getByRole('heading', { name: 'Pague com PIX' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Aguardando Pagamento');
    await expect(page.getByRole('img', { name: 'QR Code PIX para pagamento' })).toBeVisible();
    await expect(page.getByLabel('PIX copia e cola')).toHaveValue(/^000201.*6304[0-9A-F]{4}$/);
    await expect(page.getByText(/Válido até \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)).toBeVisible();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copiar código PIX' }).click();
    await expect(page.getByRole('button', { name: 'Copiado!' })).toBeVisible();
    // With the create answer's token, for a new tab (ADR 026).
    await expect(page.getByRole('link', { name: 'Ver detalhes do pedido' })).toHaveAttribute(
      'href',
      /^\/order\/[0-9a-f-]{36}#acesso=[\w.-]+$/,
    );

    await page.getByRole('button', { name: 'Simular pagamento' }).click();
    await expect(page.getByText('Pagamento confirmado! Redirecionando…')).toBeVisible();
    await expect(page).toHaveURL(/\/success\?order_id=[0-9a-f-]{36}$/, { timeout: 5000 });
    const code = await page.getByTestId('purchase-code').textContent();
    expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);

    await page.getByRole('link', { name: 'Ver detalhes do pedido agora' }).click();
    await expect(page.getByRole('heading', { name: 'Detalhes do pedido' })).toBeVisible();
    // A PIX is received (a card's is confirmed); the fake panel may already be delivering.
    await expect(page.getByText('Pagamento Recebido', { exact: true })).toBeVisible();
    await expect(page.getByText(/^(Processando|Em entrega)$/).first()).toBeVisible();
    await expect(page.getByText(code!)).toBeVisible();
    await expect(page.getByText('a***@exemplo.com')).toBeVisible();
  });

  test('card 3x approved goes to /success', async ({ page }) => {
    await gotoHydrated(page, '/checkout?type=likes&amount=1000');
    await fillStepOne(page, { postLink: true });
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('button', { name: /^Cartão de crédito/ }).click();
    await fillPayer(page);
    await fillCard(page, '4444444444444444');
    await page.getByLabel('Parcelas').selectOption({ label: '3x de R$ 13,30 sem juros' });
    await page.getByRole('button', { name: 'Finalizar Pagamento' }).click();
    await expect(page).toHaveURL(/\/success\?order_id=/);
    await expect(page.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible();
  });

  test('a declined card shows the error and the order stays unpaid', async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 740 }); // on a phone the box must come into view
    await gotoHydrated(page, '/checkout?type=views&amount=2000');
    await fillStepOne(page, { postLink: true });
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('button', { name: /^Cartão de crédito/ }).click();
    await fillPayer(page);
    await fillCard(page, '5184019740373151');
    const responsePromise = page.waitForResponse((r) => r.url().endsWith('/api/orders'));
    await page.getByRole('button', { name: 'Finalizar Pagamento' }).click();
    const { orderId } = await (await responsePromise).json();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Erro ao processar');
    await expect(alert).toContainText('Transação não autorizada');
    await expect(alert).toBeInViewport({ ratio: 1 });
    await expect(page).toHaveURL(/\/checkout/);
    const order = await (await request.get(`/api/orders/${orderId}`)).json();
    expect(order.order).toMatchObject({ status: 'pendente', paymentStatus: 'unpaid' });
  });

  test('a declined card, the page reloaded, PIX chosen: still one order (issue 45 §6)', async ({ page }) => {
    const fillAll = async (method: RegExp) => {
      await fillStepOne(page, { postLink: true });
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.getByRole('button', { name: method }).click();
      await fillPayer(page);
    };
    await gotoHydrated(page, '/checkout?type=views&amount=1000');
    await fillAll(/^Cartão de crédito/);
    await fillCard(page, '5184019740373151');
    const first = page.waitForResponse((r) => r.url().endsWith('/api/orders'));
    await page.getByRole('button', { name: 'Finalizar Pagamento' }).click();
    const { orderId } = await (await first).json();
    await expect(page.getByRole('alert')).toContainText('Transação não autorizada');

    await gotoHydrated(page, '/checkout?type=views&amount=1000');
    await fillAll(/^PIX/);
    const again = page.waitForResponse((r) => r.url().includes('/api/orders/'));
    await page.getByRole('button', { name: 'Gerar QR Code PIX' }).click();
    expect((await again).url()).toContain(`/api/orders/${orderId}/payments`);
    await expect(page.getByRole('heading', { name: 'Pague com PIX' })).toBeVisible();
  });

  test('a total above R$ 150 lands on /whatsapp-payment with a prefilled message', async ({ page }) => {
    await gotoHydrated(page, '/checkout?type=followers&amount=2000');
    await fillStepOne(page);
    await addLikes(page, /curtidas por/);
    await expect(page.getByTestId('order-total')).toHaveText('R$ 183,90');
    // Said beside the add-on, before the buyer goes on (issue 45 §3).
    await expect(page.getByText(/Com este adicional o total passa de R\$ 150,00/)).toBeVisible();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText('Pedidos acima de R$ 150,00 são finalizados')).toBeVisible();
    // Only what the WhatsApp settlement needs: no CPF, no address.
    await expect(page.getByLabel('CPF')).toHaveCount(0);
    await fillPayer(page, { cpf: false });
    await page.getByRole('button', { name: 'Finalizar pelo WhatsApp' }).click();
    await expect(page).toHaveURL(/\/whatsapp-payment\?pedido_id=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Pedido registrado!' })).toBeVisible();
    const href = decodeURIComponent(
      (await page.getByRole('link', { name: 'Finalizar pelo WhatsApp' }).getAttribute('href'))!,
    );
    const code = await page.getByTestId('purchase-code').textContent();
    for (const part of [
      `Código: ${code}`,
      'Perfil: @loja.da.ana',
      'Serviço: 2.000 seguidores',
      'Adicional: 600 curtidas (R$ 48,00)',
      'Total: R$ 183,90',
      'Nome: Ana Souza',
      'E-mail: ana@exemplo.com',
      'WhatsApp: (11) 9 1234-5678',
    ]) {
      expect(href).toContain(part);
    }
    await expect(page.getByRole('region', { name: 'Atendimento' })).toContainText(
      'Segunda a sexta: 9h às 18h',
    );
  });

  test('a monthly plan checkout by PIX', async ({ page }) => {
    await page.goto('/');
    await page.locator('#planos').getByRole('link', { name: 'Assinar Simples' }).click();
    await expect(page).toHaveURL(/\/checkout\?type=recurring&plan=simples$/);
    await expect(page.getByTestId('order-total')).toHaveText('R$ 197,00');
    await fillStepOne(page);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('button', { name: /^PIX/ }).click();
    await fillPayer(page);
    await page.getByRole('button', { name: 'Gerar QR Code PIX' }).click();
    await expect(page.getByRole('heading', { name: 'Pague com PIX' })).toBeVisible();
    await expect(page.getByText('Total R$ 197,00')).toBeVisible();
  });

  // Issue 25 §5: a month is charged whole, so the plan's card form offers no instalments.
  test('a monthly plan by card shows no instalment choice', async ({ page }) => {
    await gotoHydrated(page, '/checkout?type=recurring&plan=simples');
    await fillStepOne(page);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('button', { name: /^Cartão de crédito/ }).click();
    await expect(page.getByLabel('Número do cartão')).toBeVisible();
    await expect(page.getByLabel('Parcelas')).toHaveCount(0);
  });

  test('after Gerar QR Code PIX a small phone shows the QR code and focus moves to it', async ({
    freshPage: page,
  }) => {
    // A first visit (the cookie banner still open) on a small Android phone.
    await page.setViewportSize({ width: 360, height: 740 });
    await gotoHydrated(page, '/checkout?type=likes&amount=1000');
    await page.getByLabel('Seu @ do Instagram').fill('loja.teste');
    await page.getByLabel('Link da publicação', { exact: true }).fill('https://www.instagram.com/p/Cx9xyz/');
    await page.getByLabel('Seu WhatsApp').fill('11987654321');
    await page.getByRole('button', { name: 'Continuar' }).click();
    // Step 2 starts in view, not above it.
    await expect(page.getByRole('heading', { name: '2. Pagamento' })).toBeInViewport();
    await page.getByRole('button', { name: /^PIX/ }).click();
    await page.getByLabel('Nome completo').fill('Ana Souza');
    await page.getByLabel('E-mail', { exact: true }).fill('ana@exemplo.com');
    await page.getByLabel('CPF').fill('52998224725');
    await page.getByRole('button', { name: 'Gerar QR Code PIX' }).click();
    await expect(page.getByRole('heading', { name: 'Pague com PIX' })).toBeInViewport();
    await expect(page.getByRole('img', { name: 'QR Code PIX para pagamento' })).toBeInViewport({
      ratio: 0.5,
    });
    // Focus moves to the PIX screen (the button that had it is gone), so a screen reader reads it next.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const focused = document.activeElement;
          return Boolean(focused && focused !== document.body && focused.querySelector('#pix-titulo'));
        }),
      )
      .toBe(true);
  });

  test('debit card goes to the hosted page and back to /success', async ({ page }) => {
    await gotoHydrated(page, '/checkout?type=views&amount=1000');
    await fillStepOne(page, { postLink: true });
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('button', { name: /^Cartão de débito/ }).click();
    await fillPayer(page);
    await page.getByRole('button', { name: 'Finalizar Pagamento' }).click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\//);
    await page.getByRole('button', { name: 'Pagar com débito (simulado)' }).click();
    await expect(page).toHaveURL(/\/success\?order_id=/);
  });

  test('every step-1 and step-2 validation message', async ({ page }) => {
    await gotoHydrated(page, '/checkout?type=likes&amount=500');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText('Instagram é obrigatório')).toBeVisible();
    await expect(page.getByText('WhatsApp é obrigatório')).toBeVisible();
    await expect(page.getByText('Informe o link da publicação')).toBeVisible();
    await expect(page.getByLabel('Seu @ do Instagram')).toBeFocused();

    await page.getByLabel('Seu @ do Instagram').fill('meu perfil');
    await page.getByLabel('Link da publicação', { exact: true }).fill('https://exemplo.com/x');
    await page.getByLabel('Seu WhatsApp').fill('1191234');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText('Informe um @instagram válido (ex.: @meu.perfil)')).toBeVisible();
    await expect(
      page.getByText('Informe um link válido do Instagram (ex.: https://www.instagram.com/p/...)'),
    ).toBeVisible();
    await expect(page.getByText('Informe um WhatsApp válido com DDD (ex.: (11) 9 1234-5678)')).toBeVisible();

    await page.getByLabel('Seu @ do Instagram').fill('loja.da.ana');
    await page.getByLabel('Link da publicação', { exact: true }).fill('https://www.instagram.com/p/Cx1abc/');
    await page.getByLabel('Seu WhatsApp').fill('11912345678');
    await page.getByRole('button', { name: 'Continuar' }).click();

    await page.getByRole('button', { name: /^Cartão de crédito/ }).click();
    await page.getByRole('button', { name: 'Finalizar Pagamento' }).click();
    for (const text of [
      'Nome completo é obrigatório',
      'E-mail é obrigatório',
      'CPF é obrigatório',
      'Número do cartão é obrigatório',
      'Validade é obrigatória',
      'CVV é obrigatório',
      'Nome do titular é obrigatório',
    ]) {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    }
    await page.getByLabel('E-mail').fill('ana@exemplo');
    await page.getByLabel('CPF').fill('111.111.111-11');
    await page.getByLabel('Número do cartão').fill('4111 1111 1111 1112');
    await page.getByLabel('Validade (MM/AA)').fill('01/20');
    await page.getByLabel('CVV').fill('12');
    await page.getByLabel('CEP').fill('123');
    await page.getByRole('button', { name: 'Finalizar Pagamento' }).click();
    for (const text of [
      'Por favor, informe um email válido',
      'CPF inválido. Confira os números.',
      'Número do cartão inválido',
      'Validade inválida ou vencida',
      'O CVV tem 3 ou 4 dígitos',
      'CEP inválido (use 00000-000)',
    ]) {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    }

    await page.getByRole('button', { name: 'Trocar método' }).click();
    await expect(page.getByRole('button', { name: /^PIX/ })).toBeVisible();
    await page.getByRole('button', { name: 'Voltar' }).click();
    await expect(page.getByLabel('Seu @ do Instagram')).toHaveValue('loja.da.ana');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByRole('button', { name: /^PIX/ })).toBeVisible();
  });

  test('unknown type, amount or plan shows an error with a link to /precos', async ({ page }) => {
    for (const url of [
      '/checkout?type=followers&amount=999',
      '/checkout?type=recurring&plan=ouro',
      '/checkout',
    ]) {
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('alert')).toContainText(/não encontrado/);
      await expect(page.getByRole('link', { name: 'Ver pacotes e preços' })).toBeVisible();
    }
  });
});

test.describe('order pages', () => {
  test('an unknown order shows the error with a link to the lookup', async ({ page }) => {
    await page.goto('/order/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('alert')).toContainText('Pedido não encontrado');
    await expect(page.getByRole('link', { name: 'Consultar compra por e-mail' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  test('/order-details?id= redirects to /order/{id}', async ({ page }) => {
    await page.goto('/order-details?id=00000000-0000-4000-8000-000000000000');
    await expect(page).toHaveURL(/\/order\/00000000-0000-4000-8000-000000000000$/);
  });
});
