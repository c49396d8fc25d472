import { readFileSync } from 'node:fs';
import {
  axeViolations,
  expect,
  gotoHydrated,
  signInOperator,
  signInOperatorThroughForm,
  test,
} from './fixtures';

test.describe('operator panel', () => {
  test('/admin without a session goes to /admin/login', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('the panel, with its orders, has no axe violations', async ({ page, request }) => {
    await request.post('/api/orders', {
      headers: { 'idempotency-key': crypto.randomUUID() },
      data: {
        item: { type: 'likes', amount: 1000 },
        instagram: 'axe.painel',
        postLink: 'https://www.instagram.com/p/Cx1abc/',
        whatsapp: '11912345678',
        addOns: ['views'],
        addOnLinks: {},
        name: 'Axe Painel',
        email: 'axe@exemplo.com',
        cpf: '52998224725',
        paymentMethod: 'pix',
        installments: 1,
      },
    });
    await signInOperator(page);
    await gotoHydrated(page, '/admin/pedidos');
    await expect(page.getByRole('table', { name: 'Pedidos' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await gotoHydrated(page, '/admin/vendas');
    await expect(page.getByRole('heading', { name: 'Funil' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a row names its add-ons in Portuguese', async ({ page, request }) => {
    const handle = `adicional.${Date.now() % 1_000_000}`;
    const created = await request.post('/api/orders', {
      headers: { 'idempotency-key': crypto.randomUUID() },
      data: {
        item: { type: 'followers', amount: 1000 },
        instagram: handle,
        whatsapp: '11912345678',
        addOns: ['likes'],
        addOnLinks: { likes: 'https://www.instagram.com/p/Cx1abc/' },
        name: 'Painel Adicional',
        email: 'adicional@exemplo.com',
        cpf: '52998224725',
        paymentMethod: 'pix',
        installments: 1,
      },
    });
    const { order } = await created.json();
    await signInOperator(page);
    await gotoHydrated(page, '/admin/pedidos');
    await page.getByLabel('Buscar').fill(handle);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(page.getByTestId(`order-${order.id}`)).toContainText('+ 300 curtidas (R$ 24,00)');
  });

  test('metrics, status filter, status and payment changes, notes and CSV', async ({ page, request }) => {
    // A handle of its own, so a retry does not count the first attempt's order.
    const handle = `painel.${Date.now() % 1_000_000}`;
    const created = await request.post('/api/orders', {
      headers: { 'idempotency-key': crypto.randomUUID() },
      data: {
        item: { type: 'followers', amount: 200 },
        instagram: handle,
        whatsapp: '11912345678',
        addOns: [],
        addOnLinks: {},
        name: 'Painel Teste',
        email: 'painel@exemplo.com',
        cpf: '52998224725',
        paymentMethod: 'pix',
        installments: 1,
      },
    });
    const { order } = await created.json();
    await signInOperatorThroughForm(page);
    await page.getByRole('navigation', { name: 'Painel' }).getByRole('link', { name: 'Vendas' }).click();
    await expect(page.getByTestId('period-label')).toHaveText('Período: Este mês');
    await expect(page.getByText('Receita (pagos)')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Funil' })).toBeVisible();
    const numbers = `/admin/vendas?period=month&q=${handle}`;
    await gotoHydrated(page, numbers);
    await expect(page.getByTestId('metric-Cancelados')).toHaveText('0');

    await page.getByRole('navigation', { name: 'Painel' }).getByRole('link', { name: 'Pedidos' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pedidos' })).toBeVisible();
    await page.getByLabel('Buscar').fill(handle);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(page).toHaveURL(new RegExp(`q=${handle.replace('.', '\\.')}`));
    const row = page.getByTestId(`order-${order.id}`);
    await expect(row).toContainText(`@${handle}`);

    await row.getByLabel('Status do pedido').selectOption('cancelado');
    await expect(row.getByLabel('Status do pedido')).toHaveValue('cancelado');
    await page.getByLabel('Status', { exact: true }).selectOption('cancelado');
    await expect(page).toHaveURL(/status=cancelado/);
    await expect(page.getByTestId(`order-${order.id}`)).toBeVisible();

    // "Pago" by hand sends the order to the supplier: it is confirmed first; declined, nothing changes.
    const payment = page.getByTestId(`order-${order.id}`).getByLabel('Status do pagamento');
    const asked: string[] = [];
    page.once('dialog', (dialog) => void (asked.push(dialog.message()), dialog.dismiss()));
    await payment.selectOption('paid');
    await expect.poll(() => asked).toHaveLength(1);
    expect(asked[0]).toContain('libera a entrega');
    await expect(payment).toHaveValue('unpaid');
    page.once('dialog', (dialog) => void dialog.accept());
    await payment.selectOption('paid');
    await expect(payment).toHaveValue('paid');

    const note = page.getByTestId(`order-${order.id}`).getByLabel('Observação');
    await note.fill('  Cliente avisado  ');
    await note.blur();
    await expect
      .poll(async () => (await (await request.get(`/api/orders/${order.id}`)).json()).order.status)
      .toBe('cancelado');
    await page.getByTestId(`order-${order.id}`).getByRole('button', { name: 'Histórico' }).click();
    await expect(page.getByText(/Observação: — → Cliente avisado/)).toBeVisible();
    await expect(page.getByText(/Pagamento: Pendente → Pago/)).toBeVisible();
    // The open history follows the next change made from the row (issue 46 §5).
    await note.fill('Segundo aviso');
    await note.blur();
    await expect(page.getByText(/Observação: Cliente avisado → Segundo aviso/)).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Exportar CSV' }).click();
    const csv = readFileSync(await (await download).path(), 'utf8');
    expect(csv).toContain(handle);
    expect(csv.trim().split('\r\n')).toHaveLength(2);

    await page.getByRole('button', { name: 'Limpar Filtros' }).click();
    await expect(page).not.toHaveURL(/status=/);

    // The period's numbers count the change.
    await gotoHydrated(page, numbers);
    await expect(page.getByTestId('metric-Cancelados')).toHaveText('1');
    await expect(page.getByTestId('metric-Receita (pagos)')).toHaveText('R$ 16,90');
  });
});

test.describe('operator panel, more', () => {
  test('sorts on the server from the table header, and a load failure offers Tentar novamente', async ({
    page,
  }) => {
    await signInOperator(page);
    await gotoHydrated(page, '/admin/pedidos');
    await page.getByRole('button', { name: 'Total' }).click();
    await expect(page).toHaveURL(/sort=total_cents&dir=desc/);
    await expect(page.getByRole('columnheader', { name: /Total/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await page.getByRole('button', { name: /Total/ }).click();
    await expect(page).toHaveURL(/dir=asc/);

    let fail = true;
    await page.route('**/api/admin/orders?**', (route) => (fail ? route.abort() : route.continue()));
    await page.getByLabel('Período').selectOption('7d');
    await expect(page.getByRole('alert')).toContainText(
      'Erro ao carregar dados do painel. Tente recarregar a página.',
    );
    fail = false;
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(page).toHaveURL(/period=7d/);
    await expect(page.getByRole('table', { name: 'Pedidos' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

test.describe('admin login lock', () => {
  test('a non-admin e-mail is refused; the 5th failure locks with a countdown', async ({ page }) => {
    // Its own client address and account, so a retry starts with no failures counted.
    const run = Math.floor(Math.random() * 250) + 1;
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': `10.77.${run}.${Date.now() % 250}` });
    // A customer with a correct password gets no admin session: the same answer as a wrong password.
    const customer = `cliente-${run}-${Date.now()}@exemplo.com`;
    await page.request.post('/api/auth/signup', {
      data: {
        name: 'Cliente',
        email: customer,
        password: 'segredo123',
        confirmPassword: 'segredo123',
      },
    });
    await gotoHydrated(page, '/admin/login');
    await page.getByLabel('E-mail').fill(customer);
    await page.getByLabel('Senha', { exact: true }).fill('segredo123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      '❌ E-mail ou senha incorretos. Tentativa 1/5. Verifique suas credenciais.',
    );
    await expect(page).toHaveURL(/\/admin\/login$/);

    // Another address for the lock below, so it starts with no failures counted.
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': `10.78.${run}.${Date.now() % 250}` });
    await gotoHydrated(page, '/admin/login');
    await page.getByLabel('E-mail').fill(`ninguem-${run}-${Date.now()}@impulso.example`);
    await page.getByRole('button', { name: 'Mostrar senha' }).click();
    await expect(page.getByLabel('Senha', { exact: true })).toHaveAttribute('type', 'text');
    for (let i = 1; i <= 4; i++) {
      await page.getByLabel('Senha', { exact: true }).fill(`errada${i}`);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await expect(page.getByRole('alert')).toHaveText(
        `❌ E-mail ou senha incorretos. Tentativa ${i}/5. Verifique suas credenciais.`,
      );
      await expect(page.getByText(`Tentativas: ${i}/5`)).toBeVisible();
    }
    await page.getByRole('button', { name: 'Entrar' }).click();
    const status = page.getByRole('status');
    await expect(status).toHaveText(/❌ Acesso bloqueado\. Tente novamente em (300|299) segundos\./);
    await expect(status).toHaveText(/em (29[0-8]) segundos/, { timeout: 5000 });
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeDisabled();
    await page.reload();
    await expect(page.getByRole('status')).toHaveText(
      /❌ Acesso bloqueado\. Tente novamente em \d+ segundos\./,
    );
  });
});
