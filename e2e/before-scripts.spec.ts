import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// Issue 45 §1: every primary action works from the first paint, on a phone on slow 4G (150 ms, 1.6 Mbit/s)
// at CPU ×4. The page's scripts are held back until the tap is made, so the tap always lands on the
// server's HTML, then released: links and the cookie banner's form work on their own; a form's submit or
// a button's tap is replayed once the page reacts (lib/early-tap.ts).

/** A phone on slow 4G whose scripts wait until `release()`. */
async function slowPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const held: Array<() => void> = [];
  let holding = true;
  await page.route('**/assets/*.js', (route) =>
    holding ? held.push(() => void route.continue()) : route.continue(),
  );
  return {
    /** The page's scripts go on; resolves once it reacts. */
    async release() {
      holding = false;
      for (const go of held.splice(0)) go();
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
    },
  };
}

test.describe('taps before the scripts run (slow 4G, CPU ×4) @mobile', () => {
  test.slow();

  test('"Comprar" on /precos goes to the checkout with the package', async ({ page }) => {
    await slowPhone(page);
    await page.goto('/precos?tipo=avulso', { waitUntil: 'commit' });
    await page.getByRole('link', { name: /^Comprar 1\.000 seguidores/ }).click();
    await expect(page).toHaveURL(/\/checkout\?type=followers&amount=1000$/);
    await expect(page.getByRole('heading', { name: 'Finalizar compra' })).toBeVisible();
  });

  test("the cookie banner's choice is kept", async ({ freshPage: page }) => {
    await slowPhone(page);
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Aceitar todos' }).click();
    await expect(page.getByRole('region', { name: 'Preferências de cookies' })).toHaveCount(0);
    expect((await page.context().cookies()).find((c) => c.name === 'cookieConsent')?.value).toBe('accepted');
    await page.reload({ waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Preferências de cookies' })).toHaveCount(0);
  });

  test('the menu opens, and a question of the FAQ', async ({ page }) => {
    const phone = await slowPhone(page);
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await expect(
      page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Preços' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const faq = page.locator('#faq');
    await faq.getByRole('button', { name: 'Vocês pedem a senha do meu Instagram?' }).click();
    await expect(faq.getByText('Precisamos apenas do @ do perfil')).toBeVisible();
    await phone.release();
    await expect(faq.getByText('Precisamos apenas do @ do perfil')).toBeVisible();
  });

  test('"Ver pacotes e preços" and a plan\'s "Assinar" are links', async ({ page }) => {
    await slowPhone(page);
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByRole('link', { name: 'Ver pacotes e preços' }).click();
    await expect(page).toHaveURL(/\/precos$/);
    await page.goto('/precos?tipo=mensal', { waitUntil: 'commit' });
    await page
      .getByRole('link', { name: /^Assinar Simples/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/checkout\?type=recurring&plan=simples/);
  });

  test('the checkout\'s "Continuar" tapped early moves on once the page reacts', async ({ page }) => {
    const phone = await slowPhone(page);
    await page.goto('/checkout?type=followers&amount=500', { waitUntil: 'commit' });
    await page.getByLabel('Seu @ do Instagram').fill('perfil.cedo');
    await page.getByLabel('Seu WhatsApp').fill('31988887777');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await phone.release();
    await expect(page.getByRole('button', { name: /^PIX/ })).toBeVisible();
  });

  test('the lookup sent early is answered without a second tap', async ({ page }) => {
    const phone = await slowPhone(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel('E-mail', { exact: true }).fill('ninguem.cedo@exemplo.com');
    await page.getByLabel('Código de compra').fill('ZZZZ-ZZZZ');
    await page.getByRole('button', { name: 'Consultar' }).click();
    await phone.release();
    await expect(page.getByRole('alert')).toHaveText('Nenhum pedido encontrado para este e-mail e código');
    expect(new URL(page.url()).search).toBe('');
  });
});
