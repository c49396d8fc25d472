import { expect, test } from './fixtures';

// On a slow phone the page is painted well before its scripts run (they start after the paint): what the
// buyer types meanwhile must be what the form sends, and an early Enter must not reload the page.
test('what is typed before the scripts run is kept and sent', async ({ page }) => {
  const held: Array<() => void> = [];
  let holding = true;
  await page.route('**/assets/*.js', (route) =>
    holding ? held.push(() => void route.continue()) : route.continue(),
  );
  await page.goto('/login');
  await page.getByLabel('E-mail da conta').fill('ninguem-ainda@exemplo.com');
  await page.getByLabel('Senha').fill('uma-senha-qualquer');
  await page.getByLabel('Senha').press('Enter');
  await expect.poll(() => held.length).toBeGreaterThan(0);
  holding = false;
  for (const release of held) release();
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  expect(new URL(page.url()).search).toBe('');
  await expect(page.getByLabel('E-mail da conta')).toHaveValue('ninguem-ainda@exemplo.com');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert')).toHaveText('E-mail ou senha incorretos.');
});

// Issue 25 §5: the checkout's first step kept the WhatsApp typed early but erased the Instagram handle
// (an earlier visit's stored handle, empty, was written over it), and "Continuar" then did nothing visible.
test('the checkout keeps the @ and the WhatsApp typed before the scripts run', async ({ page }) => {
  const held: Array<() => void> = [];
  let holding = true;
  await page.route('**/assets/*.js', (route) =>
    holding ? held.push(() => void route.continue()) : route.continue(),
  );
  await page.goto('/checkout?type=followers&amount=500');
  await page.getByLabel('Seu @ do Instagram').fill('perfil.cedo');
  await page.getByLabel('Seu WhatsApp').fill('31988887777');
  await expect.poll(() => held.length).toBeGreaterThan(0);
  holding = false;
  for (const release of held) release();
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await expect(page.getByLabel('Seu @ do Instagram')).toHaveValue('perfil.cedo');
  await expect(page.getByLabel('Seu WhatsApp')).toHaveValue('(31) 9 8888-7777');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('button', { name: /^PIX/ })).toBeVisible();
});
