import { readFileSync } from 'node:fs';
import { emailedLink, expect, gotoHydrated, test } from './fixtures';

// Issue 13, LGPD: a customer downloads everything the store holds about them, then deletes the account.

test('a customer downloads their data, then deletes the account for good', async ({ page }) => {
  const email = `meus-dados-${Date.now()}@exemplo.com`;
  await gotoHydrated(page, '/signup');
  await page.getByLabel('Nome completo').fill('Rita Dados');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill('segredo123');
  await page.getByLabel('Confirmar senha').fill('segredo123');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByRole('heading', { name: 'Olá, Rita!' })).toBeVisible();
  // The verification e-mail's job has run (its copy is kept): the export below must still leave it out.
  await emailedLink(email, '/verificar-email');

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Baixar meus dados' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('meus-dados-impulso.json');
  const data = JSON.parse(readFileSync((await download.path())!, 'utf8'));
  expect(data.profile).toMatchObject({ email, name: 'Rita Dados' });
  // Not verified yet: nothing keyed by the address is hers, not even the copy of the verification e-mail.
  expect(data.emailsSent).toEqual([]);

  await page.getByRole('button', { name: 'Excluir minha conta' }).click();
  await page.getByLabel('Senha', { exact: true }).fill('errada123');
  await page.getByRole('button', { name: 'Excluir definitivamente' }).click();
  await expect(
    page.getByText('Senha incorreta. Digite a senha da sua conta para confirmar a exclusão.'),
  ).toBeVisible();
  await page.getByLabel('Senha', { exact: true }).fill('segredo123');
  await page.getByRole('button', { name: 'Excluir definitivamente' }).click();
  await expect(page.getByText('Sua conta e seus dados pessoais foram excluídos.')).toBeVisible();

  await gotoHydrated(page, '/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  const signIn = await page.request.post('/api/auth/login', { data: { email, password: 'segredo123' } });
  expect(signIn.status()).toBe(401);
});
