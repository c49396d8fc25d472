import type { APIRequestContext } from '@playwright/test';
import { apiOrder, buyByPixAndPay, emailMatching, expect, gotoHydrated, test } from './fixtures';

// Issue 43: a monthly plan's later months. The sandbox stands in for the provider's monthly charge
// (POST /api/sandbox/orders/:id/next-month with {"paid": false}) and for the days passing (POST
// /api/sandbox/payments/:id/overdue); the server runs with PLAN_NOTICE_HOUR=0 (e2e/server-env.ts).

const handleOf = (prefix: string) => `${prefix}.${Date.now() % 1_000_000}`;

/** A Simples plan bought by PIX through the API and paid: its first order and the order's token. */
async function paidPlan(request: APIRequestContext, email: string) {
  const { order, payment, orderToken } = await apiOrder(request, {
    item: { type: 'recurring', plan: 'simples' },
    instagram: handleOf('plano'),
    email,
  });
  expect((await request.post(`/api/sandbox/payments/${payment!.id}/confirm`)).status()).toBe(200);
  return { orderId: order.id, proof: { 'x-order-token': orderToken } };
}

/** The provider makes the plan's next PIX month, due in `dueInDays`: its charge's id and its page's token. */
async function pixMonth(
  request: APIRequestContext,
  plan: { orderId: string; proof: Record<string, string> },
  dueInDays: number,
) {
  const made = await request.post(`/api/sandbox/orders/${plan.orderId}/next-month`, {
    headers: plan.proof,
    data: { paid: false, dueInDays },
  });
  expect(made.status()).toBe(200);
  let month: { paymentId: string; orderToken: string } | null = null;
  await expect
    .poll(async () => {
      const view = await (await request.get(`/api/orders/${plan.orderId}`, { headers: plan.proof })).json();
      month = view.plan?.openMonth?.paymentId ? view.plan.openMonth : null;
      return month;
    })
    .toBeTruthy();
  return month!;
}

const planStatus = (page: import('@playwright/test').Page) =>
  page.getByTestId('plan-panel').getByText(/^Situação:/);

test.describe('monthly plan months', () => {
  test("a PIX plan's second month is asked by e-mail with its own PIX, paid and delivered", async ({
    page,
    request,
  }) => {
    test.slow();
    const email = 'ana.mes.dois@exemplo.com';
    const orderHref = await buyByPixAndPay(page, '/checkout?type=recurring&plan=simples', {
      instagram: `@${handleOf('mes.dois')}`,
      email,
    });
    const firstId = /\/order\/([^#?]+)/.exec(orderHref)![1]!;
    const proof = { 'x-order-token': /#acesso=([^&]+)/.exec(orderHref)![1]! };
    const first = await (await request.get(`/api/orders/${firstId}`, { headers: proof })).json();
    await pixMonth(request, { orderId: firstId, proof }, 3);

    // The e-mail: the month's amount, due day, its own PIX code and a link to its page.
    const mail = await emailMatching(email, /A mensalidade de R\$ 197,00 do seu Plano Simples/);
    const code = /PIX copia e cola:\r?\n(000201[^\r\n]+)/.exec(mail)?.[1];
    expect(code).toMatch(/^000201/);
    expect(code).not.toBe(first.payment.pixPayload);
    const link = /https?:\/\/[^\s"<>]+(\/order\/[^\s"<>#]+#acesso=[A-Za-z0-9_.-]+)/.exec(mail)![1]!;

    // The first month's page shows the plan, its next charge and the month to pay.
    await gotoHydrated(page, orderHref);
    await expect(planStatus(page)).toContainText('Ativo');
    await expect(page.getByText('Próxima cobrança:')).toBeVisible();
    await expect(page.getByText(/Mensalidade de R\$ 197,00 com vencimento em/)).toBeVisible();

    // The buyer opens the e-mailed link, pays that month's PIX, and it is delivered.
    await gotoHydrated(page, link);
    await expect(page.getByRole('heading', { name: 'Pague com PIX' })).toBeVisible();
    await expect(page.getByLabel('PIX copia e cola')).toHaveValue(code!);
    await page.getByRole('button', { name: 'Simular pagamento' }).click();
    await expect(page).toHaveURL(/\/success\?order_id=/);
    await gotoHydrated(page, link.split('#')[0]!);
    const status = page.locator('dt', { hasText: 'Status do pedido' }).locator('xpath=following-sibling::dd');
    await expect(status).toHaveText(/Processando|Em entrega/);
    await expect(page.getByTestId('plan-followers')).toBeVisible({ timeout: 15_000 });
  });

  test('an unpaid month pauses the plan, then ends it; the buyer is told each time', async ({
    page,
    request,
  }) => {
    const email = 'bia.nao.pagou@exemplo.com';
    const plan = await paidPlan(request, email);
    const month = await pixMonth(request, plan, 0);
    // Moving the month's due day is a write on the month's own order: its token.
    const overdue = (days: number) =>
      request.post(`/api/sandbox/payments/${month.paymentId}/overdue`, {
        headers: { 'x-order-token': month.orderToken },
        data: { days },
      });

    expect((await overdue(6)).status()).toBe(200);
    await gotoHydrated(page, `/order/${plan.orderId}#acesso=${plan.proof['x-order-token']}`);
    await expect(async () => {
      await page.reload();
      await expect(planStatus(page)).toContainText('Pausado', { timeout: 1000 });
    }).toPass({ timeout: 20_000, intervals: [500, 1000] });
    await expect(page.getByText('O plano está pausado até o pagamento.')).toBeVisible();
    await emailMatching(email, /ainda n=C3=A3o foi paga|ainda não foi paga/);

    expect((await overdue(10)).status()).toBe(200);
    await expect(async () => {
      await page.reload();
      await expect(planStatus(page)).toContainText('Cancelado', { timeout: 1000 });
    }).toPass({ timeout: 20_000, intervals: [500, 1000] });
    await expect(page.getByRole('button', { name: 'Cancelar plano' })).toHaveCount(0);
    await emailMatching(email, /porque a mensalidade em aberto n.o foi paga/);
  });

  test('the buyer cancels the plan on the order page: what happens is said first, then done', async ({
    page,
    request,
  }) => {
    const email = 'caio.cancela@exemplo.com';
    const plan = await paidPlan(request, email);
    await gotoHydrated(page, `/order/${plan.orderId}#acesso=${plan.proof['x-order-token']}`);
    await expect(planStatus(page)).toContainText('Ativo');
    await page.getByRole('button', { name: 'Cancelar plano' }).click();
    await expect(
      page.getByText(
        'Cancelar o plano? Nenhuma nova mensalidade será cobrada, e o mês já pago segue até o fim.',
      ),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Sim, cancelar o plano' }).click();
    await expect(planStatus(page)).toContainText('Cancelado');
    await expect(page.getByText(/O mês já pago segue até \d{2}\/\d{2}\/\d{4}\./)).toBeVisible();
    await emailMatching(email, /Cancelamos o seu Plano Simples \(mensal\), como voc. pediu\./);
  });
});
