import { emailedLink, expect, gotoHydrated, test } from './fixtures';

test.describe('customer accounts', () => {
  test('/dashboard without a session goes to /login', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Entrar na minha conta' })).toBeVisible();
  });

  test('signup validation messages', async ({ page }) => {
    await gotoHydrated(page, '/signup');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByText('Nome completo é obrigatório')).toBeVisible();
    await expect(page.getByText('E-mail é obrigatório')).toBeVisible();
    await page.getByLabel('Senha', { exact: true }).fill('1234567');
    await page.getByLabel('Confirmar senha').fill('12345678');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByText('A senha deve ter pelo menos 8 caracteres')).toBeVisible();
    await page.getByLabel('Senha', { exact: true }).fill('87654321');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByText('As senhas não coincidem')).toBeVisible();
  });

  test('signup → dashboard with own orders; sign out and in again; a taken e-mail gets a dashboard of its own', async ({
    page,
  }) => {
    // Five journeys in one (about 28 s alone on a 2-core machine): more than the default 30 s under load.
    test.slow();
    const email = `conta-${Date.now()}@exemplo.com`;
    await gotoHydrated(page, '/signup');
    await page.getByLabel('Nome completo').fill('Carla Dias');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill('segredo123');
    await page.getByLabel('Confirmar senha').fill('segredo123');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(
      page.getByText(
        'Conta criada! Enviamos um e-mail para confirmar o endereço: veja a sua caixa de entrada. Redirecionando para o dashboard...',
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Olá, Carla!' })).toBeVisible();
    await expect(page.getByText('Nenhum pedido encontrado')).toBeVisible();

    // An order placed while signed in shows on the dashboard.
    await gotoHydrated(page, '/checkout?type=followers&amount=500');
    await page.getByLabel('Seu @ do Instagram').fill('carla.dias');
    await page.getByLabel('Seu WhatsApp').fill('31988887777');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('button', { name: /^PIX/ }).click();
    await page.getByLabel('Nome completo').fill('Carla Dias');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('CPF').fill('12345678909');
    await page.getByRole('button', { name: 'Gerar QR Code PIX' }).click();
    await expect(page.getByRole('heading', { name: 'Pague com PIX' })).toBeVisible();
    await page.goto('/dashboard');
    const row = page.getByRole('row', { name: /500 seguidores/ });
    await expect(row).toContainText('R$ 45,90');
    await expect(row).toContainText('Pendente');

    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('E-mail da conta').fill(email);
    await page.getByLabel('Senha').fill('errada');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('alert')).toHaveText('E-mail ou senha incorretos.');
    await page.getByLabel('Senha').fill('segredo123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('row', { name: /500 seguidores/ })).toBeVisible();

    await page.getByRole('button', { name: 'Sair' }).click();
    await gotoHydrated(page, '/signup');
    await page.getByLabel('Nome completo').fill('Outra Pessoa');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill('segredo123');
    await page.getByLabel('Confirmar senha').fill('segredo123');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    // A taken address gets what a new account gets (no enumeration): a dashboard of its own, with none of
    // the real account's orders; the real account's owner is told by e-mail.
    await expect(
      page.getByText(
        'Conta criada! Enviamos um e-mail para confirmar o endereço: veja a sua caixa de entrada. Redirecionando para o dashboard...',
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Olá, Outra!' })).toBeVisible();
    await expect(
      page.getByText(/Confirme o e-mail pelo link que enviamos para a sua caixa de entrada/),
    ).toBeVisible();
    await expect(page.getByText('Nenhum pedido encontrado')).toBeVisible();
    await expect(page.getByRole('row', { name: /500 seguidores/ })).toHaveCount(0);
  });

  test('confirming the e-mail from the mailbox ends the earlier session and asks for a new password', async ({
    page,
    browser,
  }) => {
    // Whoever signed up first (maybe not the mailbox's owner) is signed in on this page.
    const email = `confirma-${Date.now()}@exemplo.com`;
    await gotoHydrated(page, '/signup');
    await page.getByLabel('Nome completo').fill('Bia Rocha');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill('primeira-senha');
    await page.getByLabel('Confirmar senha').fill('primeira-senha');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The mailbox's owner opens the link elsewhere, with no session.
    const link = await emailedLink(email, '/verificar-email');
    const mailbox = await browser.newContext();
    const owner = await mailbox.newPage();
    await owner.addInitScript(() => localStorage.setItem('cookieConsent', 'rejected'));
    await owner.goto(link);
    await expect(owner).toHaveURL(/\/redefinir-senha/);
    await expect(owner.getByRole('status')).toHaveText(
      'E-mail confirmado! Por segurança, defina uma nova senha para entrar.',
    );
    await expect(owner).not.toHaveURL(/token/); // wiped from the address bar
    await owner.getByLabel('Nova senha', { exact: true }).fill('senha-da-dona-do-email');
    await owner.getByLabel('Confirmar nova senha').fill('senha-da-dona-do-email');
    await owner.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(owner.getByText('Senha alterada! Faça login com a nova senha.')).toBeVisible();

    // The first session is over; the old password no longer opens the account, the new one does.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await gotoHydrated(owner, '/login');
    await owner.getByLabel('E-mail da conta').fill(email);
    await owner.getByLabel('Senha').fill('primeira-senha');
    await owner.getByRole('button', { name: 'Entrar' }).click();
    await expect(owner.getByRole('alert')).toHaveText('E-mail ou senha incorretos.');
    await owner.getByLabel('Senha').fill('senha-da-dona-do-email');
    await owner.getByRole('button', { name: 'Entrar' }).click();
    await expect(owner).toHaveURL(/\/dashboard$/);
    await mailbox.close();
  });

  test('Esqueci minha senha answers without telling whether the e-mail exists', async ({ page }) => {
    await gotoHydrated(page, '/login');
    await page.getByRole('button', { name: 'Esqueci minha senha' }).click();
    await page.getByLabel('E-mail da conta').fill('qualquer@exemplo.com');
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'Se houver uma conta com este e-mail, enviamos um link para redefinir a senha.',
    );
  });
});
