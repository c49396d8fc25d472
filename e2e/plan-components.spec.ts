import type { Page } from '@playwright/test';
import { apiOrder, buyByPixAndPay, expect, gotoHydrated, signInOperator, test } from './fixtures';

// Issue 26: a monthly plan delivers everything it sells, through the simulated panel (the sandbox's
// subscription services); its next months come from POST /api/sandbox/orders/:id/next-month, as a real
// provider's monthly charge would.

/** 'dd/mm' of the end of a month paid today: the same São Paulo day next month (the 31st → the last day). */
function monthEndToday(): string {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const end = new Date(Date.UTC(year, month, Math.min(day, lastDay)));
  return `${String(end.getUTCDate()).padStart(2, '0')}/${String(end.getUTCMonth() + 1).padStart(2, '0')}`;
}

const handleOf = (prefix: string) => `${prefix}.${Date.now() % 1_000_000}`;

interface AdminOrderRow {
  id: string;
  status: string;
  paymentStatus: string;
  paymentFlag: string | null;
}

/** The plan's months as the panel lists them (newest first), read through the operator's session. */
async function monthsOf(page: Page, handle: string): Promise<AdminOrderRow[]> {
  const answer = await page.request.get(`/api/admin/orders?q=${handle}`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { orders: AdminOrderRow[] }).orders;
}

/** The panel orders of one month, read through the operator's session. */
async function panelOrdersOf(page: Page, orderId: string): Promise<Array<string | null>> {
  const answer = await page.request.get(`/api/admin/orders/${orderId}/deliveries`);
  expect(answer.status()).toBe(200);
  const { deliveries } = (await answer.json()) as {
    deliveries: Array<{ component: string | null; panelOrderId: string | null }>;
  };
  return deliveries.filter((d) => d.component).map((d) => d.panelOrderId);
}

test.describe('monthly plan components', () => {
  test('a Simples plan bought and paid shows its four components; once cancelled, a month paid later places no panel order', async ({
    page,
  }) => {
    test.slow();
    const handle = handleOf('plano.simples');
    const orderHref = await buyByPixAndPay(page, '/checkout?type=recurring&plan=simples', {
      instagram: `@${handle}`,
      email: 'ana.plano.simples@exemplo.com',
    });
    const firstId = /\/order\/([^#?]+)/.exec(orderHref)![1]!;
    // The checkout's token: the sandbox's next month is a write on the plan (issue 42 §3).
    const proof = { 'x-order-token': /#acesso=([^&]+)/.exec(orderHref)![1]! };

    // The buyer's order page: the month's followers and each engagement component with its status.
    await gotoHydrated(page, orderHref);
    await expect(page.getByRole('heading', { name: 'Seu plano neste mês' })).toBeVisible();
    const line = (key: string) => page.getByTestId(`plan-${key}`);
    await expect(line('followers')).toContainText(/Seguidores do mês\s*\d+ de 1\.110 entregues/);
    const until = monthEndToday();
    await expect(async () => {
      await page.reload();
      await expect(line('likes_per_post')).toContainText(
        new RegExp(`40 curtidas por publicação\\s*Curtidas automáticas ativas até ${until}`),
        { timeout: 1000 },
      );
    }).toPass({ timeout: 20_000 });
    await expect(line('story_views')).toContainText(
      new RegExp(`35 visualizações de story\\s*Visualizações de story automáticas ativas até ${until}`),
    );
    await expect(line('video_views')).toContainText(
      new RegExp(`150 visualizações de vídeo\\s*Visualizações de vídeo automáticas ativas até ${until}`),
    );

    // The next month, paid while the plan runs: the panel gets its three subscription orders.
    await signInOperator(page);
    expect(
      (await page.request.post(`/api/sandbox/orders/${firstId}/next-month`, { headers: proof })).status(),
    ).toBe(200);
    const [second] = await monthsOf(page, handle);
    expect(second!.id).not.toBe(firstId);
    await expect
      .poll(
        async () => (await panelOrdersOf(page, second!.id)).filter((id) => id?.startsWith('sbxs-')).length,
      )
      .toBe(3);

    // The operator cancels the plan from its row in the panel.
    await gotoHydrated(page, '/admin/pedidos');
    await page.getByLabel('Buscar').fill(handle);
    await page.getByRole('button', { name: 'Buscar' }).click();
    const firstRow = page.getByTestId(`order-${firstId}`);
    await expect(firstRow).toContainText(`@${handle}`);
    page.once('dialog', (dialog) => void dialog.accept());
    const cancelled = page.waitForResponse((r) =>
      /\/api\/admin\/subscriptions\/[^/]+\/cancel$/.test(r.url()),
    );
    await firstRow.getByRole('button', { name: 'Cancelar assinatura' }).click();
    expect((await cancelled).status()).toBe(200);

    // A third month's charge is paid anyway: recorded, flagged, cancelled, and nothing sent to the panel.
    expect(
      (await page.request.post(`/api/sandbox/orders/${firstId}/next-month`, { headers: proof })).status(),
    ).toBe(200);
    const months = await monthsOf(page, handle);
    expect(months).toHaveLength(3);
    const [third] = months;
    expect(third).toMatchObject({
      status: 'cancelado',
      paymentStatus: 'paid',
      paymentFlag: 'pago_apos_cancelamento',
    });
    await page.reload();
    const thirdRow = page.getByTestId(`order-${third!.id}`);
    await expect(thirdRow).toContainText('Pago após cancelamento');
    await expect(thirdRow.getByLabel('Status do pedido')).toHaveValue('cancelado');
    await thirdRow.getByRole('button', { name: 'Entregas' }).click();
    await expect(page.getByText('Nenhuma entrega: o pedido foi cancelado.')).toBeVisible();
    expect(await panelOrdersOf(page, third!.id)).toEqual([]);
    // The months paid before keep their panel orders: three each, none added.
    expect(await panelOrdersOf(page, second!.id)).toHaveLength(3);
    expect(await panelOrdersOf(page, firstId)).toHaveLength(3);
  });

  test('a component the panel cannot deliver becomes "Entregar manualmente: … até dd/mm" with a working "Feito"', async ({
    page,
    request,
  }) => {
    test.slow();
    // The owner names, for Avançado's video views, a service the simulated panel does not have.
    await signInOperator(page);
    await gotoHydrated(page, '/admin/catalogo');
    const service = page.locator('#plano-avancado-video_views-servico');
    await service.fill('999');
    const form = page.locator('form', { has: service });
    // The panel's delay after each new post: one of its published values, kept with the component.
    const delay = form.getByLabel('Atraso após cada publicação');
    await expect(delay).toHaveValue('0');
    await delay.selectOption({ label: '2 h' });
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expect(form).toContainText('Salvo.');
    await gotoHydrated(page, '/admin/catalogo');
    await expect(form.getByLabel('Atraso após cada publicação')).toHaveValue('120');
    await expect(form).toContainText(
      'Plano Avançado, visualizações de vídeo: O serviço 999 não existe no painel do fornecedor.',
    );

    const handle = handleOf('plano.manual');
    const { order, payment, orderToken } = await apiOrder(request, {
      item: { type: 'recurring', plan: 'avancado' },
      instagram: handle,
      email: 'ana.plano.manual@exemplo.com',
    });
    expect((await request.post(`/api/sandbox/payments/${payment!.id}/confirm`)).status()).toBe(200);

    await gotoHydrated(page, '/admin/entregas');
    const task = page.locator('li', {
      hasText: `Entregar manualmente: 250 visualizações de vídeo para @${handle} até ${monthEndToday()}`,
    });
    await expect(async () => {
      await page.reload();
      await expect(task).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByRole('heading', { name: /Precisam de atenção/ })).toBeVisible();
    page.once('dialog', (dialog) => void dialog.accept());
    await task.getByRole('button', { name: 'Feito' }).click();
    await expect(task).toHaveCount(0);

    // The buyer reads the component as delivered; the others run through the panel.
    await gotoHydrated(page, `/order/${order.id}#acesso=${orderToken}`);
    await expect(page.getByTestId('plan-video_views')).toContainText(
      /250 visualizações de vídeo\s*Entregues/,
    );
    await expect(page.getByTestId('plan-likes_per_post')).toContainText('100 curtidas por publicação');

    // Put back: the catalogue is shared with the other journeys of this run.
    await signInOperator(page);
    await gotoHydrated(page, '/admin/catalogo');
    await service.fill('');
    await delay.selectOption('0');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expect(form).toContainText('Salvo.');
  });
});
